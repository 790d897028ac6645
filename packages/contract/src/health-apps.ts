/**
 * Health apps (SMART App Launch 2.x): the portal calls behind the authorize/consent pages and the
 * Connected apps page, and the integration calls by which a practice registers its apps. The OAuth
 * endpoints themselves (`/oauth2/...`) are the authorization server's, not described here. Paths live
 * in the route table (`appRoutes.healthApp*`, `integrationRoutes.healthApp*`).
 */
import { z } from 'zod';
import { entityId, requiredString, safeString } from './rules';

// ---------------------------------------------------------------------------------------------
// Consent page: what an app asks for, approve, deny

/** The `:uid` of an authorization (oidc-provider's interaction id, in the page's address). */
export const healthAppAuthorizationParams = z.object({ uid: safeString.max(64) });
export type HealthAppAuthorizationParams = z.infer<typeof healthAppAuthorizationParams>;

export const healthAppAuthorizationPatient = z.object({
  patientId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  /** The signed-in account's own record (false: a patient the account is a responsible person for). */
  self: z.boolean(),
  /** This app holds no connection to this patient's record yet: approving it needs the invite code. */
  inviteRequired: z.boolean(),
});
export type HealthAppAuthorizationPatient = z.infer<typeof healthAppAuthorizationPatient>;

export const healthAppAuthorizationResponse = z.object({
  app: z.object({ clientId: z.string(), name: z.string() }),
  /** FHIR resource types the app asks for, e.g. ["Patient", "Observation"]; "*" never appears (expanded). */
  resourceTypes: z.array(z.string()),
  /** The scopes as the app asked for them (for a "details" view). */
  scopes: z.array(z.string()),
  /** The app asked to keep access while the patient is away (a refresh token). */
  offlineAccess: z.boolean(),
  /** Whose record the approver may share: their own and those they are an active responsible person for. */
  patients: z.array(healthAppAuthorizationPatient),
  /**
   * True when approving for some of `patients` needs the patient's invite code (the one the Health
   * Information page shows): the app holds no connection to that record yet. Each patient says it too.
   */
  inviteRequired: z.boolean(),
});
export type HealthAppAuthorizationResponse = z.infer<typeof healthAppAuthorizationResponse>;

/** A FHIR resource type name as the approve call carries it. */
export const fhirResourceTypeName = safeString.regex(/^[A-Z][A-Za-z]{1,63}$/, {
  message: 'validation.fhirResourceType',
});

export const approveHealthAppRequest = z.object({
  uid: requiredString.max(64),
  patientId: entityId,
  /** The resource types the approver allows (a subset of those asked for); at least one. */
  resourceTypes: z.array(fhirResourceTypeName).min(1).max(200),
  /** The patient's invite code; needed when the app first connects to this patient's record. */
  inviteCode: safeString.trim().max(64).optional(),
});
export type ApproveHealthAppRequest = z.infer<typeof approveHealthAppRequest>;

export const denyHealthAppRequest = z.object({ uid: requiredString.max(64) });
export type DenyHealthAppRequest = z.infer<typeof denyHealthAppRequest>;

/** Where the browser goes next: back into the authorization server, which redirects to the app. */
export const healthAppRedirectResponse = z.object({ redirectTo: z.string() });
export type HealthAppRedirectResponse = z.infer<typeof healthAppRedirectResponse>;

// ---------------------------------------------------------------------------------------------
// Connected apps (Account)

export const connectedHealthApp = z.object({
  /** The connection (oidc-provider grant id); what disconnect takes. */
  grantId: z.string(),
  clientId: z.string(),
  name: z.string(),
  patientId: z.number().int(),
  resourceTypes: z.array(z.string()),
  /** ISO 8601. */
  connectedAt: z.string(),
  /** ISO 8601; null when the app never read anything yet. */
  lastUsedAt: z.string().nullable(),
});
export type ConnectedHealthApp = z.infer<typeof connectedHealthApp>;

export const connectedHealthAppsResponse = z.object({ apps: z.array(connectedHealthApp) });
export type ConnectedHealthAppsResponse = z.infer<typeof connectedHealthAppsResponse>;

export const disconnectHealthAppRequest = z.object({
  patientId: entityId,
  grantId: requiredString.max(64),
});
export type DisconnectHealthAppRequest = z.infer<typeof disconnectHealthAppRequest>;

export const disconnectHealthAppResponse = z.object({});

// ---------------------------------------------------------------------------------------------
// Integration API: the practice registers its apps

/**
 * How a client authenticates at the token endpoint: `none` (a public client: PKCE only),
 * `client_secret_basic` (the server issues a secret once), `private_key_jwt` (the app's keys, by
 * JWKS URL or inline JWKS).
 */
export const healthAppAuthMethods = ['none', 'client_secret_basic', 'private_key_jwt'] as const;
export const healthAppAuthMethod = z.enum(healthAppAuthMethods);
export type HealthAppAuthMethod = z.infer<typeof healthAppAuthMethod>;

/** A client id: letters, digits and `._-`, as it appears in URLs and logs. */
export const healthAppClientId = safeString.regex(/^[A-Za-z0-9][A-Za-z0-9._-]{2,63}$/, {
  message: 'validation.healthAppClientId',
});

const redirectUri = safeString.max(2000).url();

const jwkMember = safeString.max(2048).optional();

/** A public key of a JWK Set (RSA, EC or OKP); other members are dropped. */
export const publicJwk = z.object({
  kty: safeString.max(10),
  kid: safeString.max(200).optional(),
  use: safeString.max(10).optional(),
  alg: safeString.max(20).optional(),
  n: jwkMember,
  e: safeString.max(20).optional(),
  crv: safeString.max(20).optional(),
  x: jwkMember,
  y: jwkMember,
});

export const registerHealthAppRequest = z.object({
  /** Chosen by the practice; generated when absent. */
  clientId: healthAppClientId.optional(),
  name: requiredString.max(200),
  redirectUris: z.array(redirectUri).min(1).max(20),
  tokenEndpointAuthMethod: healthAppAuthMethod.default('none'),
  /** For `private_key_jwt`: where the app publishes its public keys… */
  jwksUri: safeString.max(2000).url().optional(),
  /** …or the keys themselves (a JWK Set). */
  jwks: z.object({ keys: z.array(publicJwk).min(1).max(20) }).optional(),
  /** Scopes the app may be granted; absent = every patient scope. */
  allowedScopes: z.array(safeString.max(200)).max(200).optional(),
  /**
   * Loopback redirect addresses (http://127.0.0.1 / http://localhost) match on any port
   * (RFC 8252 §7.3), for native apps.
   */
  loopbackAnyPort: z.boolean().default(false),
});
export type RegisterHealthAppRequest = z.input<typeof registerHealthAppRequest>;

export const healthAppSummary = z.object({
  clientId: z.string(),
  name: z.string(),
  redirectUris: z.array(z.string()),
  tokenEndpointAuthMethod: healthAppAuthMethod,
  jwksUri: z.string().nullable(),
  allowedScopes: z.array(z.string()),
  loopbackAnyPort: z.boolean(),
  disabled: z.boolean(),
  createdAt: z.string(),
});
export type HealthAppSummary = z.infer<typeof healthAppSummary>;

export const registerHealthAppResponse = healthAppSummary.extend({
  /** Only for `client_secret_basic`, shown this once: only its hash is stored. */
  clientSecret: z.string().optional(),
});
export type RegisterHealthAppResponse = z.infer<typeof registerHealthAppResponse>;

export const healthAppListResponse = z.object({ apps: z.array(healthAppSummary) });
export type HealthAppListResponse = z.infer<typeof healthAppListResponse>;

export const healthAppClientParams = z.object({ clientId: safeString.max(64) });
