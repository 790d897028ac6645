/**
 * GET /metrics for Prometheus, only when METRICS_TOKEN is set and only with that bearer token: the
 * figures name no patient, but they tell an outsider how busy a practice is and which calls fail.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { gt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database';
import { scheduledJob } from '../../db/schema';
import { countMailByState } from '../../lib/mail/outbox-mailer';
import { createMetrics } from './metrics';

export const metricsPath = '/metrics';

export function registerMetrics(app: FastifyInstance, database: Database): void {
  const token = app.config.metricsToken;
  if (token === null) return;
  const metrics = createMetrics({
    poolConnections: () => database.poolConnections?.() ?? null,
    scheduledJobs: async () =>
      (
        await app.db
          .select({
            name: scheduledJob.name,
            lastRunAt: scheduledJob.lastFinishedAt,
            running: sql<boolean>`coalesce(${gt(scheduledJob.lockedUntil, sql`now()`)}, false)`,
          })
          .from(scheduledJob)
      ).map((job) => ({ ...job, running: Boolean(job.running) })),
    mailQueue: async () => ({ ...(await countMailByState(app.db)) }),
  });

  app.addHook('onResponse', (request, reply, done) => {
    metrics.observe(
      request.method,
      request.routeOptions.url ?? 'unmatched',
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });

  const expected = digest(token);
  app.get(metricsPath, async (request, reply) => {
    const header = request.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
    if (!timingSafeEqual(digest(given), expected)) {
      return reply
        .code(401)
        .header('WWW-Authenticate', 'Bearer realm="metrics"')
        .send({ message: 'The metrics token is missing or wrong.' });
    }
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}
