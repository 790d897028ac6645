// Health apps: registered clients, the authorization server's artifacts, approved connections and the
// signing key (0320, docs/decisions/214).
import { boolean, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { patient, practice, userAccount } from './core';

export type HealthAppAuthMethodColumn = 'none' | 'client_secret_basic' | 'private_key_jwt';

export const healthApp = pgTable('health_app', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  practiceId: integer('practice_id')
    .notNull()
    .references(() => practice.id),
  clientId: text('client_id').notNull().unique(),
  name: text('name').notNull(),
  redirectUris: text('redirect_uris').array().notNull(),
  tokenEndpointAuthMethod: text('token_endpoint_auth_method').$type<HealthAppAuthMethodColumn>().notNull(),
  clientSecretHash: text('client_secret_hash'),
  jwksUri: text('jwks_uri'),
  jwks: jsonb('jwks').$type<{ keys: Record<string, unknown>[] }>(),
  allowedScopes: text('allowed_scopes').array().notNull(),
  loopbackAnyPort: boolean('loopback_any_port').notNull().default(false),
  dynamic: boolean('dynamic').notNull().default(false),
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const oauthArtifact = pgTable(
  'oauth_artifact',
  {
    model: text('model').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    grantId: text('grant_id'),
    uid: text('uid'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.model, t.id] })],
);

export const healthAppConnection = pgTable('health_app_connection', {
  grantId: text('grant_id').primaryKey(),
  practiceId: integer('practice_id')
    .notNull()
    .references(() => practice.id),
  healthAppId: integer('health_app_id')
    .notNull()
    .references(() => healthApp.id),
  userId: integer('user_id')
    .notNull()
    .references(() => userAccount.id),
  approverPatientId: integer('approver_patient_id')
    .notNull()
    .references(() => patient.id),
  patientId: integer('patient_id')
    .notNull()
    .references(() => patient.id),
  resourceTypes: text('resource_types').array().notNull(),
  scopes: text('scopes').array().notNull(),
  connectedAt: timestamp('connected_at', { withTimezone: true }).notNull().defaultNow(),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  disconnectedAt: timestamp('disconnected_at', { withTimezone: true }),
});

export const oauthSigningKey = pgTable('oauth_signing_key', {
  id: integer('id').primaryKey(),
  sealedJwk: text('sealed_jwk').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
