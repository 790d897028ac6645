/**
 * Liveness, readiness, and the public facts the web app needs before sign-in.
 *
 * /healthz is liveness: the process answers. It asks nothing else, so an orchestrator never restarts
 * healthy instances because the database is away. /readyz is readiness: the database, Redis (when
 * REDIS_URL is set) and the blob store answer, so a load balancer sends no patient to an instance
 * where nobody could sign in (docs/decisions/173).
 */
import { systemCalls, systemRoutes } from '@dermis/contract';
import type { ReadinessResponse } from '@dermis/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { retryAfterSeconds } from '../../lib/outage';
import { registerCall } from '../../plugins/register-call';
import { servePmtiles } from './pmtiles-file';

/** Longest a readiness check may take: a service that accepts but never answers is not ready. */
const checkTimeoutMs = 2_000;

export function registerSystemCalls(app: FastifyInstance): void {
  registerCall(app, systemCalls.health, () => Promise.resolve({ status: 'ok' as const }));

  registerCall(app, systemCalls.ready, async ({ request, reply }) => {
    const [database, redis, blobStore] = await Promise.all([
      answers(app.db.execute(sql`select 1`)),
      app.counters.shared ? answers(app.counters.ping()) : Promise.resolve('off' as const),
      answers(app.blobs.ping()),
    ]);
    const checks = { database, redis, blobStore };
    const ready = Object.values(checks).every((check) => check !== 'unavailable');
    if (!ready) {
      request.log.warn({ checks }, 'not ready');
      void reply.status(503).header('retry-after', String(retryAfterSeconds));
    }
    return { status: ready ? 'ready' : 'unavailable', checks } satisfies ReadinessResponse;
  });

  registerCall(app, systemCalls.config, () =>
    Promise.resolve({
      environment: app.config.environment,
      version: app.config.appVersion,
      developmentMenu: app.config.developmentMenu,
      mapTileUrl: app.config.mapTileUrl,
      mapTileAttribution: app.config.mapTileAttribution,
      mapPmtilesUrl: app.config.mapPmtilesFile ? systemRoutes.mapPmtiles : null,
    }),
  );

  if (app.config.mapPmtilesFile) servePmtiles(app, systemRoutes.mapPmtiles, app.config.mapPmtilesFile);
}

/** 'ok' when `check` resolves within the time allowed, else 'unavailable'. */
async function answers(check: Promise<unknown>): Promise<'ok' | 'unavailable'> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'unavailable'>((resolve) => {
    timer = setTimeout(() => resolve('unavailable'), checkTimeoutMs);
  });
  try {
    return await Promise.race([check.then(() => 'ok' as const), timedOut]);
  } catch {
    return 'unavailable';
  } finally {
    clearTimeout(timer);
  }
}
