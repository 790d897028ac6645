/**
 * Health apps (SMART App Launch 2.x): the portal calls behind the authorize/consent pages and the
 * Connected apps page, and the integration calls by which a practice registers its apps. The OAuth
 * endpoints themselves (`/oauth2/...`) are the authorization server's, not described here. The calls
 * are described once in `healthAppsCalls` (end of this file).
 */
import { z } from 'zod';
import { describeCall, who } from './call';
import { errorResponse } from './errors';
import { apiPrefix } from './routes';
import { entityId, requiredString, ridParams, safeString } from './rules';

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
  /**
   * Who approved it: the patient or a responsible person. Two people may connect the same app to
   * one record, each with their own connection; the name tells the rows apart.
   */
  connectedBy: z.string(),
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

// ---------------------------------------------------------------------------------------------
// The calls

const integrationFailures = {
  400: errorResponse,
  401: errorResponse,
  404: errorResponse,
  409: errorResponse,
} as const;

export const healthAppsCalls = {
  /** What the app asks for (the consent page); `:uid` is the id of the page address `/health-apps/authorize/:uid`. */
  getAuthorization: describeCall({
    method: 'GET',
    path: `${apiPrefix.app}/healthApps/authorization/:uid`,
    who: who.account,
    params: healthAppAuthorizationParams,
    response: healthAppAuthorizationResponse,
  }),
  /** Approve for the patient named in the body (the patient-access guard checks it). */
  approve: describeCall({
    method: 'POST',
    path: `${apiPrefix.app}/healthApps/authorization/approve`,
    who: who.patientInBody('patientId'),
    body: approveHealthAppRequest,
    response: healthAppRedirectResponse,
  }),
  deny: describeCall({
    method: 'POST',
    path: `${apiPrefix.app}/healthApps/authorization/deny`,
    who: who.account,
    body: denyHealthAppRequest,
    response: healthAppRedirectResponse,
  }),
  /** The apps connected to the record of the patient `:id`. */
  listConnected: describeCall({
    method: 'GET',
    path: `${apiPrefix.app}/healthApps/connected/_rid/:id`,
    who: who.patientInPath('id'),
    params: ridParams,
    response: connectedHealthAppsResponse,
  }),
  disconnect: describeCall({
    method: 'POST',
    path: `${apiPrefix.app}/healthApps/disconnect`,
    who: who.patientInBody('patientId'),
    body: disconnectHealthAppRequest,
    response: disconnectHealthAppResponse,
  }),
  register: describeCall({
    method: 'POST',
    path: `${apiPrefix.integration}/health-apps`,
    who: who.apiKey,
    summary: 'Register a health app (SMART on FHIR client) of the key’s practice',
    description:
      'A client_secret_basic app receives its clientSecret in this answer only; only its hash is kept.',
    body: registerHealthAppRequest,
    response: registerHealthAppResponse,
    status: 201,
    answers: integrationFailures,
  }),
  list: describeCall({
    method: 'GET',
    path: `${apiPrefix.integration}/health-apps`,
    who: who.apiKey,
    summary: 'The key’s practice’s health apps',
    response: healthAppListResponse,
    answers: integrationFailures,
  }),
  /** `:clientId` is the app's client id: it can no longer connect, and its tokens stop at once. */
  disable: describeCall({
    method: 'POST',
    path: `${apiPrefix.integration}/health-apps/:clientId/disable`,
    who: who.apiKey,
    summary: 'Disable a health app: it can no longer connect, and its connections end at once',
    params: healthAppClientParams,
    response: healthAppSummary,
    answers: integrationFailures,
  }),
};
