/** What the practice does to its apps, for the integration API and the CLI alike. */
import { and, eq, isNull } from 'drizzle-orm';
import type { HealthAppSummary } from '@dermis/contract';
import type { Db } from '../../../db/database';
import { healthAppConnection } from '../../../db/schema';
import { notFound } from '../../../lib/http-error';
import { revokeGrantArtifacts } from './database-adapter';
import { disableHealthApp, toSummary } from './health-apps.repository';

/**
 * Disables the app: the provider no longer knows the client (no new authorization, no refresh), and
 * every connection of the app ends with its tokens at once.
 */
export async function disableHealthAppEverywhere(
  db: Db,
  practiceId: number,
  clientId: string,
): Promise<HealthAppSummary> {
  const row = await disableHealthApp(db, practiceId, clientId);
  if (!row) throw notFound('server.error.healthAppClientNotFound');
  const ended = await db
    .update(healthAppConnection)
    .set({ disconnectedAt: new Date() })
    .where(and(eq(healthAppConnection.healthAppId, row.id), isNull(healthAppConnection.disconnectedAt)))
    .returning({ grantId: healthAppConnection.grantId });
  for (const { grantId } of ended) await revokeGrantArtifacts(db, grantId);
  return toSummary(row);
}
