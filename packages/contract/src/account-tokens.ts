/**
 * Invitations, e-mail verification, account creation and unsubscribe (spec 000 §2, §3, §4, §7):
 * the public app-server calls a patient reaches from an e-mail link, and the integration calls clinic
 * staff use to send those links.
 */
import { z } from 'zod';
import { describeCall, who } from './call';
import { errorResponse } from './errors';
import { externalIdParams } from './integration';
import { apiPrefix } from './routes';
import { entityId, int32, int32Text, passwordRule, requiredString, safeString, usernameRule } from './rules';

/** Paths of this area, relative to apiPrefix.app (public calls) and apiPrefix.integration. */
export const tokenStatus = z.enum(['INVALID', 'EXPIRED', 'USED', 'UNUSED']);
export type TokenStatus = z.infer<typeof tokenStatus>;

export const invitationKind = z.enum(['ACCOUNT_CREATION', 'EMAIL_VERIFICATION']);
export type InvitationKind = z.infer<typeof invitationKind>;

export const sendInvitationRequest = z.object({
  kind: invitationKind,
  /** Default: the patient's first active EMAIL_ADDRESS contact. */
  email: safeString.trim().email().max(255).optional(),
});
export type SendInvitationRequest = z.infer<typeof sendInvitationRequest>;

export const invitationResponse = z.object({
  id: z.number().int(),
  kind: invitationKind,
  email: z.string(),
  expiresAt: z.string(),
});
export type InvitationResponse = z.infer<typeof invitationResponse>;

export const verifyEmailRequest = z.object({ token: safeString.min(1).max(200) });
export const verifyEmailResponse = z.object({
  tokenStatus,
  isDermisActive: z.boolean(),
  username: z.string().nullable(),
  createAccountToken: z.string().nullable(),
});
export type VerifyEmailResponse = z.infer<typeof verifyEmailResponse>;

export const createAccountErrorCode = z.enum(['USERNAME_EXISTS', 'WRONG_DATE_OF_BIRTH']);
export type CreateAccountErrorCode = z.infer<typeof createAccountErrorCode>;

const isoDate = safeString.regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'validation.dateOfBirth' });

export const createAccountRequest = z
  .object({
    token: safeString.min(1).max(200),
    username: usernameRule,
    password: passwordRule,
    rePassword: safeString.min(1, { message: 'validation.fieldRequired' }),
    dateOfBirth: isoDate,
    appServer: safeString.max(200).optional(),
  })
  .refine((v) => v.password === v.rePassword, {
    path: ['rePassword'],
    message: 'createAccount.error.passwordMismatch',
  });
export type CreateAccountRequest = z.infer<typeof createAccountRequest>;

export const createAccountResponse = z.object({
  tokenStatus,
  username: z.string().optional(),
  error: createAccountErrorCode.optional(),
});
export type CreateAccountResponse = z.infer<typeof createAccountResponse>;

/**
 * Spec 000 §9: the reminder-type e-mail a patient can unsubscribe from (1, 3, 4), and 5: notices of
 * a new or corrected test result (decision 221).
 */
export const unsubscribeTypes = [1, 3, 4, 5] as const;
export const unsubscribeType = z.union([z.literal(1), z.literal(3), z.literal(4), z.literal(5)]);
export type UnsubscribeType = z.infer<typeof unsubscribeType>;

export const unsubscribeQuery = z.object({
  pid: z.coerce.number().pipe(entityId),
  uid: z.coerce.number().pipe(int32.nonnegative()),
  type: int32Text.pipe(unsubscribeType),
  token: requiredString.max(200),
});
export type UnsubscribeQuery = z.infer<typeof unsubscribeQuery>;
export const unsubscribeResponse = z.object({ unsubscribed: z.literal(true), type: unsubscribeType });

export const unsubscribeErrorCodes = { invalidLink: 'INVALID_UNSUBSCRIBE_LINK' } as const;

export const sendMessageRequest = z.object({
  subject: safeString.trim().min(1).max(150),
  body: safeString.trim().min(1).max(5000),
});
export const sendMessageResponse = z.object({ status: z.enum(['SENT', 'SKIPPED_UNSUBSCRIBED', 'NO_EMAIL']) });

const failures = { 400: errorResponse, 401: errorResponse, 404: errorResponse, 409: errorResponse };

/**
 * The public calls a patient reaches from an e-mail link (no sign-in: the link's secret or signature
 * is the credential), and the integration calls staff use to send those links and custom messages.
 */
export const invitationsCalls = {
  verifyEmail: describeCall({
    method: 'POST',
    path: `${apiPrefix.app}/patient/verifyEmail`,
    who: who.public,
    body: verifyEmailRequest,
    response: verifyEmailResponse,
    answers: { 400: errorResponse },
  }),
  createAccount: describeCall({
    method: 'POST',
    path: `${apiPrefix.app}/patient/createAccount`,
    who: who.public,
    body: createAccountRequest,
    response: createAccountResponse,
    answers: { 400: errorResponse },
  }),
  unsubscribe: describeCall({
    method: 'POST',
    path: `${apiPrefix.app}/patient/unsubscribe`,
    who: who.public,
    query: unsubscribeQuery,
    response: unsubscribeResponse,
    answers: { 400: errorResponse },
  }),
  /** `:externalId` is the clinic system's patient id. */
  sendInvitation: describeCall({
    method: 'POST',
    path: `${apiPrefix.integration}/patients/:externalId/invitations`,
    who: who.apiKey,
    params: externalIdParams,
    body: sendInvitationRequest,
    response: invitationResponse,
    status: 201,
    answers: failures,
  }),
  sendMessage: describeCall({
    method: 'POST',
    path: `${apiPrefix.integration}/patients/:externalId/messages`,
    who: who.apiKey,
    params: externalIdParams,
    body: sendMessageRequest,
    response: sendMessageResponse,
    answers: failures,
  }),
};
