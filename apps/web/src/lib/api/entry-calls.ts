// The calls the pages of the entry chunk (sign-in, its second step, password recovery, the session's
// refresh and sign-out) make after a user action. This module brings the contract's schemas, and zod
// with them (about 24 kB gzip), so it is loaded on first use through `loadEntryCalls`, never bundled into
// the entry chunk: a visitor of /login downloads it only when signing in (decisions 049 and 200).
import {
  authCalls,
  passwordLoginRequest,
  passwordRecoveryCalls,
  patientCalls,
  twoStepLoginCalls,
} from '@dermis/contract';

export const signIn = authCalls.login;
export const refreshAccessToken = authCalls.refresh;
export const signOut = authCalls.logout;
export const getUserByUsername = patientCalls.getByUsername;
export const twoStepLoginProfiles = twoStepLoginCalls.getAll;
export const twoStepLoginAdd = twoStepLoginCalls.add;
export const twoStepLoginVerify = twoStepLoginCalls.verify;
export const twoStepLoginSendEmail = twoStepLoginCalls.sendEmail;
export const twoStepLoginResendEmail = twoStepLoginCalls.resendEmail;
export const forgotPassword = passwordRecoveryCalls.forgotPassword;
export const resetPassword = passwordRecoveryCalls.resetPassword;

/** What the sign-in form checks before sending (spec 000 §5). */
export const signInFields = passwordLoginRequest.pick({ username: true, password: true, timeZoneId: true });
