/**
 * oidc-provider's storage on the portal's database (PGlite or PostgreSQL): every artifact (grants,
 * codes, tokens, sessions, interactions) is one `oauth_artifact` row by model and id, so any instance
 * finds what another wrote. Clients are not artifacts: they are the practice's `health_app` rows, read
 * on every lookup, so disabling an app refuses it at once on every instance.
 */
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Db } from '../../../db/database';
import { healthApp, oauthArtifact } from '../../../db/schema';
import type { JobDefinition } from '../../../lib/jobs/scheduled-jobs';
import { sha256Hex } from '../../../lib/secrets';
import { clientMetadata } from './client-metadata';

export interface AdapterOptions {
  /** The practice apps registering themselves join; null: dynamic registration is off. */
  dynamicRegistrationPracticeId: number | null;
}

export function databaseAdapterFactory(db: Db, options: AdapterOptions): (name: string) => Adapter {
  return (name) => (name === 'Client' ? clientAdapter(db, options) : artifactAdapter(db, name));
}

/**
 * Ids come from requests (a token, a client_id, a path): anything the database cannot compare is
 * simply not found, never a database error.
 */
const lookupable = (id: unknown): id is string =>
  typeof id === 'string' && id.length > 0 && id.length <= 512 && /^[\x21-\x7E]+$/.test(id);

function artifactAdapter(db: Db, model: string): Adapter {
  const find = async (where: ReturnType<typeof eq>) => {
    const [row] = await db
      .select({ payload: oauthArtifact.payload, consumedAt: oauthArtifact.consumedAt })
      .from(oauthArtifact)
      .where(
        and(
          eq(oauthArtifact.model, model),
          where,
          sql`(${oauthArtifact.expiresAt} IS NULL OR ${oauthArtifact.expiresAt} > now())`,
        ),
      )
      .limit(1);
    if (!row) return undefined;
    const payload = row.payload as AdapterPayload;
    return row.consumedAt ? { ...payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) } : payload;
  };

  return {
    async upsert(id, payload, expiresIn) {
      const values = {
        payload: payload as Record<string, unknown>,
        grantId: typeof payload.grantId === 'string' ? payload.grantId : null,
        uid: typeof payload.uid === 'string' ? payload.uid : null,
        expiresAt: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
      };
      await db
        .insert(oauthArtifact)
        .values({ model, id, ...values })
        .onConflictDoUpdate({ target: [oauthArtifact.model, oauthArtifact.id], set: values });
    },
    find: (id) => (lookupable(id) ? find(eq(oauthArtifact.id, id)) : Promise.resolve(undefined)),
    findByUid: (uid) => (lookupable(uid) ? find(eq(oauthArtifact.uid, uid)) : Promise.resolve(undefined)),
    // The device flow is off; nothing is ever stored by user code.
    findByUserCode: () => Promise.resolve(undefined),
    async consume(id) {
      await db
        .update(oauthArtifact)
        .set({ consumedAt: new Date() })
        .where(
          and(eq(oauthArtifact.model, model), eq(oauthArtifact.id, id), isNull(oauthArtifact.consumedAt)),
        );
    },
    async destroy(id) {
      await db.delete(oauthArtifact).where(and(eq(oauthArtifact.model, model), eq(oauthArtifact.id, id)));
    },
    // Every artifact of the grant, whatever its model: one statement ends codes and tokens together.
    async revokeByGrantId(grantId) {
      await db.delete(oauthArtifact).where(eq(oauthArtifact.grantId, grantId));
    },
  };
}

function clientAdapter(db: Db, options: AdapterOptions): Adapter {
  return {
    async find(id) {
      if (!lookupable(id)) return undefined;
      const [row] = await db
        .select()
        .from(healthApp)
        .where(and(eq(healthApp.clientId, id), isNull(healthApp.disabledAt)))
        .limit(1);
      return row ? clientMetadata(row) : undefined;
    },
    // Only dynamic registration (RFC 7591) writes clients through the provider.
    async upsert(id, payload) {
      if (options.dynamicRegistrationPracticeId === null) throw new Error('dynamic registration is off');
      const method = payload.token_endpoint_auth_method;
      const secret = typeof payload.client_secret === 'string' ? payload.client_secret : null;
      await db.insert(healthApp).values({
        practiceId: options.dynamicRegistrationPracticeId,
        clientId: id,
        name: typeof payload.client_name === 'string' ? payload.client_name : id,
        redirectUris: [...(payload.redirect_uris ?? [])],
        tokenEndpointAuthMethod:
          method === 'client_secret_basic' || method === 'private_key_jwt' ? method : 'none',
        clientSecretHash: secret && method === 'client_secret_basic' ? sha256Hex(secret) : null,
        jwksUri: payload.jwks_uri ?? null,
        jwks: (payload.jwks as { keys: Record<string, unknown>[] } | undefined) ?? null,
        allowedScopes: typeof payload.scope === 'string' ? payload.scope.split(' ') : [],
        loopbackAnyPort: payload.application_type === 'native',
        dynamic: true,
      });
    },
    findByUid: () => Promise.resolve(undefined),
    findByUserCode: () => Promise.resolve(undefined),
    consume: () => Promise.resolve(undefined),
    async destroy(id) {
      await db.update(healthApp).set({ disabledAt: new Date() }).where(eq(healthApp.clientId, id));
    },
    revokeByGrantId: () => Promise.resolve(undefined),
  };
}

/** Deletes what has expired; the scheduled cleanup calls it. Returns the number of rows removed. */
export async function deleteExpiredArtifacts(db: Db): Promise<number> {
  const removed = await db
    .delete(oauthArtifact)
    .where(lt(oauthArtifact.expiresAt, new Date()))
    .returning({ id: oauthArtifact.id });
  return removed.length;
}

/** Ends a grant at once: the grant itself and every code and token issued under it. */
export async function revokeGrantArtifacts(db: Db, grantId: string): Promise<void> {
  await db
    .delete(oauthArtifact)
    .where(
      sql`${oauthArtifact.grantId} = ${grantId} OR (${oauthArtifact.model} = 'Grant' AND ${oauthArtifact.id} = ${grantId})`,
    );
}

/** `deleteExpiredArtifacts` as a scheduled job (decision 107): hourly, once across all instances. */
export function expiredArtifactsJob(deps: {
  db: Db;
  logger?: Pick<FastifyBaseLogger, 'info'>;
}): JobDefinition {
  return {
    name: 'oauth-artifacts-cleanup',
    intervalSeconds: 3600,
    leaseSeconds: 600,
    run: async () => {
      const deleted = await deleteExpiredArtifacts(deps.db);
      deps.logger?.info({ deleted }, 'expired OAuth artifacts deleted');
    },
  };
}
