import { z } from 'zod';
import { describeCall, who } from './call';

/** Public, unauthenticated facts about the running server (the web app's footer and dev-only links). */
export const publicConfigResponse = z.object({
  environment: z.enum(['development', 'test', 'production']),
  version: z.string(),
  /** Show the development menu links: development with DEV_MENU=true only (false when absent). */
  developmentMenu: z.boolean().default(false),
  /** Tile server of the pharmacies map; null: bundled boundaries only (decision 088). */
  mapTileUrl: z.string().nullable().default(null),
  mapTileAttribution: z.string().nullable().default(null),
  /** The practice's own PMTiles basemap, served by the portal; null: none (decision 182). */
  mapPmtilesUrl: z.string().nullable().default(null),
});
export type PublicConfigResponse = z.infer<typeof publicConfigResponse>;

export const healthResponse = z.object({ status: z.literal('ok') });

/** One service readiness asks: `off` when this deployment does not use it (no REDIS_URL). */
export const readinessCheck = z.enum(['ok', 'unavailable', 'off']);

/** GET /readyz: 200 `ready` when every service in use answers, else 503 `unavailable` naming which. */
export const readinessResponse = z.object({
  status: z.enum(['ready', 'unavailable']),
  checks: z.object({ database: readinessCheck, redis: readinessCheck, blobStore: readinessCheck }),
});
export type ReadinessResponse = z.infer<typeof readinessResponse>;

/** The server's public facts and its probes (`health`: liveness, `ready`: readiness). */
export const systemCalls = {
  config: describeCall({
    method: 'GET',
    path: '/api/config',
    who: who.public,
    response: publicConfigResponse,
  }),
  health: describeCall({ method: 'GET', path: '/healthz', who: who.public, response: healthResponse }),
  /** 200 when every service in use answers, 503 naming which does not. */
  ready: describeCall({
    method: 'GET',
    path: '/readyz',
    who: who.public,
    response: readinessResponse,
    answers: { 503: readinessResponse },
  }),
};
