/**
 * Two-step verification (spec 000 §3 two-step profile, §7). Account-settings calls use the access
 * token; the login-time calls (`twoStepLoginCalls`, under the auth prefix) use the temporary token of
 * a sign-in that still needs its second step.
 */
import { z } from 'zod';
import { twoFactorType } from './auth';
import { describeCall, who } from './call';
import { errorResponse } from './errors';
import { apiPrefix } from './routes';
import { entityId, safeString } from './rules';

/** The header carrying the answer of password/validate to deactivate. */
export const confirmationTokenHeader = 'confirmationtoken';

export const twoStepErrorCodes = { invalidOtp: 'INVALID_OTP_CODE' } as const;

export const twoStepProfile = z.object({
  id: z.number().int(),
  type: twoFactorType,
  value: z.string().nullable(),
  preferred: z.boolean(),
});
export type TwoStepProfile = z.infer<typeof twoStepProfile>;

export const twoStepProfilesResponse = z.object({
  profiles: z.array(twoStepProfile),
  mfaRequired: z.boolean(),
});
export type TwoStepProfilesResponse = z.infer<typeof twoStepProfilesResponse>;

/** The login-time list also tells the web what setup needs (spec 000 §3 login-time state). */
export const loginTwoStepProfilesResponse = twoStepProfilesResponse.extend({
  available2FATypes: z.array(twoFactorType),
  is2FASetupMandatory: z.boolean(),
  /** Minutes left to finish setup: (exp - iat) / 60 of the temporary token. */
  setup2FATime: z.number().int(),
});
export type LoginTwoStepProfilesResponse = z.infer<typeof loginTwoStepProfilesResponse>;

export const availableTypesResponse = z.object({ available2FATypes: z.array(twoFactorType) });
export type AvailableTypesResponse = z.infer<typeof availableTypesResponse>;

const profileId = entityId;
const code = safeString.regex(/^\d{6}$/, { message: 'login.error.invalidOtp' });
/** Spec 000 §5: required, valid, at most 255 characters. */
export const twoStepEmail = safeString
  .trim()
  .min(1, { message: 'validation.fieldRequired' })
  .max(255, { message: 'validation.maxLength' })
  .email({ message: 'twoStep.emailInvalid' });

export const addProfileRequest = z.object({
  type: twoFactorType,
  value: safeString.max(255).optional(),
  userId: entityId,
  preferred: z.boolean().default(false),
});
export type AddProfileRequest = z.infer<typeof addProfileRequest>;

export const loginAddProfileRequest = z.object({
  type: twoFactorType,
  value: safeString.max(255).optional(),
  preferred: z.boolean().default(true),
});
export type LoginAddProfileRequest = z.infer<typeof loginAddProfileRequest>;

export const addProfileResponse = z.object({
  profileInfo: twoStepProfile.extend({ verified: z.boolean() }),
  /** PNG data URL of the otpauth:// QR code; authenticator profiles only. */
  qrCode: z.string().optional(),
  /** The authenticator secret in base32, for typing it in instead of scanning (accessibility). */
  secret: z.string().optional(),
});
export type AddProfileResponse = z.infer<typeof addProfileResponse>;

export const verifyProfileRequest = z.object({ id: profileId, code });
export type VerifyProfileRequest = z.infer<typeof verifyProfileRequest>;
export const verifyProfileResponse = z.object({ verified: z.literal(true), profile: twoStepProfile });

export const setPreferredRequest = z.object({ id: profileId, preferred: z.boolean() });
export const twoStepProfileIdRequest = z.object({ id: profileId });

export const validatePasswordRequest = z.object({
  password: safeString.min(1, { message: 'validation.fieldRequired' }),
});
export const validatePasswordResponse = z.object({ confirmationToken: z.string() });

export const twoStepOkResponse = z.object({ success: z.literal(true) });

export const practiceMfaRequest = z.object({ required: z.boolean() });
export const practiceMfaResponse = z.object({
  practiceId: z.number().int(),
  mfaRequiredByPracticeAdmin: z.boolean(),
});

const app = (path: string) => `${apiPrefix.app}/${path}`;

/** Two-step profiles in account settings: the signed-in account's own. */
export const twoStepCalls = {
  getAll: describeCall({
    method: 'GET',
    path: app('mfa/userProfiles/patient/getAll'),
    who: who.account,
    response: twoStepProfilesResponse,
  }),
  availableTypes: describeCall({
    method: 'GET',
    path: app('practice/available2FATypes'),
    who: who.account,
    response: availableTypesResponse,
  }),
  add: describeCall({
    method: 'POST',
    path: app('mfa/userProfiles/add'),
    who: who.account,
    body: addProfileRequest,
    response: addProfileResponse,
  }),
  verify: describeCall({
    method: 'POST',
    path: app('mfa/userProfiles/verify'),
    who: who.account,
    body: verifyProfileRequest,
    response: verifyProfileResponse,
  }),
  setPreferred: describeCall({
    method: 'POST',
    path: app('mfa/userProfiles/setPreferred'),
    who: who.account,
    body: setPreferredRequest,
    response: twoStepOkResponse,
  }),
  /** Needs the `confirmationtoken` header: the answer of `validatePassword`. */
  deactivate: describeCall({
    method: 'POST',
    path: app('mfa/userProfiles/deactivate'),
    who: who.account,
    body: twoStepProfileIdRequest,
    response: twoStepOkResponse,
  }),
  resend: describeCall({
    method: 'POST',
    path: app('mfa/userProfiles/resendOtpCode'),
    who: who.account,
    body: twoStepProfileIdRequest,
    response: twoStepOkResponse,
  }),
  validatePassword: describeCall({
    method: 'POST',
    path: app('password/validate'),
    who: who.account,
    body: validatePasswordRequest,
    response: validatePasswordResponse,
  }),
};

const login = (path: string) => `${apiPrefix.auth}/mfa/api/userProfiles/${path}`;

/**
 * Two-step calls during sign-in. Public to the registrar: each carries the temporary token of a sign-in
 * that still needs its second step (`Authorization: Bearer <tempToken>`), which the handler checks.
 */
export const twoStepLoginCalls = {
  getAll: describeCall({
    method: 'GET',
    path: login('getAll'),
    who: who.public,
    response: loginTwoStepProfilesResponse,
  }),
  add: describeCall({
    method: 'POST',
    path: login('add'),
    who: who.public,
    body: loginAddProfileRequest,
    response: addProfileResponse,
  }),
  verify: describeCall({
    method: 'POST',
    path: login('verify'),
    who: who.public,
    body: verifyProfileRequest,
    response: verifyProfileResponse,
  }),
  resendEmail: describeCall({
    method: 'POST',
    path: login('emailOtp/resend'),
    who: who.public,
    body: twoStepProfileIdRequest,
    response: twoStepOkResponse,
  }),
  sendEmail: describeCall({
    method: 'POST',
    path: login('emailOtp/send'),
    who: who.public,
    body: twoStepProfileIdRequest,
    response: twoStepOkResponse,
  }),
};

/** The practice administrator's "two-step required" switch, for the API key's own practice. */
export const practiceMfaCalls = {
  set: describeCall({
    method: 'PUT',
    path: `${apiPrefix.integration}/practice/mfa`,
    who: who.apiKey,
    body: practiceMfaRequest,
    response: practiceMfaResponse,
    answers: { 400: errorResponse, 401: errorResponse },
  }),
};
