/** Liveness for load balancers and the public facts the web app needs before sign-in. */
import { healthResponse, publicConfigResponse, systemRoutes as paths } from '@dermis/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { servePmtiles } from './pmtiles-file';

export async function systemRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  // Healthy means the database answers, not merely that the process runs.
  app.get(paths.health, { schema: { response: { 200: healthResponse } } }, async () => {
    await app.db.execute(sql`select 1`);
    return { status: 'ok' as const };
  });

  app.get(paths.config, { schema: { response: { 200: publicConfigResponse } } }, () => ({
    environment: app.config.environment,
    version: app.config.appVersion,
    mapTileUrl: app.config.mapTileUrl,
    mapTileAttribution: app.config.mapTileAttribution,
    mapPmtilesUrl: app.config.mapPmtilesFile ? paths.mapPmtiles : null,
  }));

  if (app.config.mapPmtilesFile) servePmtiles(app, paths.mapPmtiles, app.config.mapPmtilesFile);

  return Promise.resolve();
}
