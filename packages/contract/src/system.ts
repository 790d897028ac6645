import { z } from 'zod';

/** Public, unauthenticated facts about the running server (the web app's footer and dev-only links). */
export const publicConfigResponse = z.object({
  environment: z.enum(['development', 'test', 'production']),
  version: z.string(),
  /** Tile server of the pharmacies map; null: bundled boundaries only (decision 088). */
  mapTileUrl: z.string().nullable().default(null),
  mapTileAttribution: z.string().nullable().default(null),
  /** The practice's own PMTiles basemap, served by the portal; null: none (decision 182). */
  mapPmtilesUrl: z.string().nullable().default(null),
});
export type PublicConfigResponse = z.infer<typeof publicConfigResponse>;

export const healthResponse = z.object({ status: z.literal('ok') });
