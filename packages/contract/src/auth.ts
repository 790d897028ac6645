import { z } from 'zod';
import { describeCall, who } from './call';
import { apiPrefix } from './routes';
import { entityId, requiredString, safeString } from './rules';

export const twoFactorType = z.enum(['EMAIL', 'AUTH_APP']);
export type TwoFactorType = z.infer<typeof twoFactorType>;

export const passwordLoginRequest = z.object({
  username: requiredString,
  password: safeString.min(1, { message: 'validation.fieldRequired' }),
  clientVersion: safeString.max(32).optional(),
  application: safeString.max(64).optional(),
  timeZoneId: safeString.max(64).optional(),
});
export type PasswordLoginRequest = z.infer<typeof passwordLoginRequest>;

/** Second step of a two-step sign-in: the code for one of the user's profiles. */
export const codeLoginRequest = z.object({
  mfaProfileId: entityId,
  otpCode: safeString.regex(/^\d{6}$/, { message: 'login.error.invalidOtp' }),
  tempToken: safeString.min(1).max(4096),
});
export type CodeLoginRequest = z.infer<typeof codeLoginRequest>;

export const loginRequest = z.union([codeLoginRequest, passwordLoginRequest]);
export type LoginRequest = z.infer<typeof loginRequest>;

export const serversInfo = z.object({
  /** Base URL of the application server (the `/api/app/` prefix included). */
  app: z.string(),
  /** Base URL of the public web-service calls (forgot password, unsubscribe). */
  ws: z.string(),
});
export type ServersInfo = z.infer<typeof serversInfo>;

/**
 * Spec 000 §3. Either accessToken + refreshToken (signed in), or tempToken with the two-step fields
 * (a second step is needed).
 */
export const loginResponse = z.object({
  accessToken: z.string().optional(),
  refreshToken: z.string().optional(),
  servers: serversInfo.optional(),
  tempToken: z.string().optional(),
  available2FATypes: z.array(twoFactorType).optional(),
  hasMoreProfiles: z.boolean().optional(),
  preferredProfileId: z.number().int().nullable().optional(),
  preferredProfileType: twoFactorType.nullable().optional(),
});
export type LoginResponse = z.infer<typeof loginResponse>;

export const accessTokenResponse = z.object({ accessToken: z.string(), refreshToken: z.string() });
export type AccessTokenResponse = z.infer<typeof accessTokenResponse>;

export const serversResponse = z.object({ servers: serversInfo });
export type ServersResponse = z.infer<typeof serversResponse>;

/** Claims of the access, refresh and temporary tokens (spec 000 §3: practice id, user id, username, exp, iat). */
export const tokenClaims = z.object({
  practiceId: z.number().int(),
  userId: z.number().int(),
  username: z.string(),
  exp: z.number().int(),
  iat: z.number().int(),
});
export type TokenClaims = z.infer<typeof tokenClaims>;

export const logoutRequest = z.object({ refreshToken: safeString.min(1).max(4096) });

/**
 * The auth server's calls (spec 000 §7). All public: the refresh and the logout carry their own
 * credential (the refresh token), which the handler checks.
 */
export const authCalls = {
  /** A password, or the code of a two-step sign-in; the answer is tokens or the second step's start. */
  login: describeCall({
    method: 'POST',
    path: `${apiPrefix.auth}/login`,
    who: who.public,
    body: loginRequest,
    response: loginResponse,
  }),
  /** `Authorization: Bearer <refresh token>`: a new pair (refresh tokens rotate). */
  refresh: describeCall({
    method: 'GET',
    path: `${apiPrefix.auth}/refreshToken/getAccessToken`,
    who: who.public,
    response: accessTokenResponse,
  }),
  logout: describeCall({
    method: 'POST',
    path: `${apiPrefix.auth}/logout`,
    who: who.public,
    body: logoutRequest,
    response: z.null(),
    status: 204,
  }),
  servers: describeCall({
    method: 'GET',
    path: `${apiPrefix.auth}/servers`,
    who: who.public,
    response: serversResponse,
  }),
};
