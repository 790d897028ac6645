/**
 * The "account" area of spec 000: password recovery, account settings (username and password),
 * the activity log and the responsible persons list. Paths are relative to the app server.
 */
import { z } from 'zod';
import { describeCall, who } from './call';
import { languages } from './i18n/languages';
import { contactType } from './patient';
import { apiPrefix } from './routes';
import { entityId, requiredString, ridParams, safeString, usernameRule } from './rules';

// ---- Password recovery (spec 000 §2, §4, §7, §8) ----

export const forgotPasswordRequest = z.object({ username: requiredString.max(255) });
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequest>;

/**
 * `resetPasswordToken` is a NON-SECRET reference to the reset request (the token row's public id):
 * the secret that resets the password travels only in the e-mail.
 */
export const forgotPasswordResponse = z.object({ resetPasswordToken: z.string().min(1) });
export type ForgotPasswordResponse = z.infer<typeof forgotPasswordResponse>;

/** The `error` codes of a refused forgot-password request. */
export const forgotPasswordErrors = {
  noPatientForUsername: 'NO_PATIENT_FOR_USERNAME',
  mailAlreadySent: 'RESET_PASSWORD_MAIL_ALREADY_SENT',
  patientInactiveOrDeceased: 'PATIENT_INACTIVE_OR_DECEASED',
  portalAccountInactive: 'PORTAL_ACCOUNT_INACTIVE',
  noEmailOnFile: 'NO_EMAIL_ON_FILE',
} as const;

export const resetTokenStatus = z.enum(['INVALID', 'EXPIRED', 'USED', 'UNUSED']);
export type ResetTokenStatus = z.infer<typeof resetTokenStatus>;

export const resetPasswordRequest = z.object({
  password: safeString.max(255),
  token: safeString.max(512),
});
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequest>;

/** `username` comes only with UNUSED, i.e. when this call has just reset the password. */
export const resetPasswordResponse = z.object({
  tokenStatus: resetTokenStatus,
  username: z.string().optional(),
});
export type ResetPasswordResponse = z.infer<typeof resetPasswordResponse>;

// ---- Account settings (spec 000 §2, §5, §7, §8) ----

export const accountSettingsErrors = {
  changeUsername: 'CHANGE_USERNAME_EXCEPTION',
  changePassword: 'CHANGE_PASSWORD_EXCEPTION',
} as const;

export const changeUsernameRequest = z.object({
  username: usernameRule,
  /** The caller's own patient id: nobody changes another person's username. */
  profileId: entityId,
});
export type ChangeUsernameRequest = z.infer<typeof changeUsernameRequest>;

/** The username is a token claim, so a change answers a fresh session too (older ones are revoked). */
export const changeUsernameResponse = z.object({
  username: z.string(),
  accessToken: z.string(),
  refreshToken: z.string(),
});
export type ChangeUsernameResponse = z.infer<typeof changeUsernameResponse>;

export const changePasswordRequest = z.object({
  username: safeString.max(255),
  oldPassword: safeString.min(1, { message: 'validation.fieldRequired' }).max(255),
  newPassword: safeString.min(1, { message: 'validation.fieldRequired' }).max(255),
  confirmNewPassword: safeString.min(1, { message: 'validation.fieldRequired' }).max(255),
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequest>;

/** `lastChangePasswordDate` as ISO 8601 in UTC, YYYY-MM-DDTHH:mm:ss.SSSZ (as patient/getByUsername). */
export const changePasswordResponse = z.object({
  lastChangePasswordDate: z.string(),
  accessToken: z.string(),
  refreshToken: z.string(),
});
export type ChangePasswordResponse = z.infer<typeof changePasswordResponse>;

/** The caller's own account only; the answer repeats the stored choice. */
export const changeLanguageRequest = z.object({ language: z.enum(languages) });
export type ChangeLanguageRequest = z.infer<typeof changeLanguageRequest>;
export const changeLanguageResponse = z.object({ language: z.enum(languages) });
export type ChangeLanguageResponse = z.infer<typeof changeLanguageResponse>;

// ---- Activity log (spec 000 §2, §3, §9) ----

export const activityAction = z.enum([
  'DOWNLOAD_PDF',
  'DOWNLOAD_CCDA',
  'VIEW',
  'TRANSMIT',
  'TRANSMIT_VIA_EMAIL',
  'SIGN_IN',
  'DOWNLOAD_DOCUMENT',
  /** A health app read the record through the FHIR API; `toAddress` is the app's name. */
  'HEALTH_APP_ACCESS',
  /** Someone who acts for the patient connected or disconnected a health app; `toAddress` is its name. */
  'HEALTH_APP_CONNECTED',
  'HEALTH_APP_DISCONNECTED',
]);
export type ActivityAction = z.infer<typeof activityAction>;

/** How a transmission attempt ended; views and downloads always succeed. */
export const activityOutcome = z.enum(['SUCCEEDED', 'FAILED']);
export type ActivityOutcome = z.infer<typeof activityOutcome>;

/** One entry: the patient's name, what was done to their information, when (ISO 8601), to whom. */
export const activityLogEntry = z.object({
  firstName: z.string(),
  lastName: z.string(),
  action: activityAction,
  date: z.string(),
  toAddress: z.string().nullable(),
  outcome: activityOutcome,
  /** Who acted when a responsible person did it for the patient (full name); null when the patient did. */
  actedByFullName: z.string().nullable(),
});
export type ActivityLogEntry = z.infer<typeof activityLogEntry>;
export const activityLogResponse = z.array(activityLogEntry);

// ---- Responsible persons (spec 000 §2, §3) ----

export const responsiblePersonContact = z.object({
  active: z.boolean(),
  type: z.object({ type: contactType }),
  value: z.string(),
});

export const responsiblePersonEntry = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  /** Coded number; see `relationships`. */
  relationship: z.number().int(),
  active: z.boolean(),
  responsiblePerson: z.literal(true),
  contacts: z.array(responsiblePersonContact),
});
export type ResponsiblePersonEntry = z.infer<typeof responsiblePersonEntry>;
export const responsiblePersonsResponse = z.array(responsiblePersonEntry);

const app = (path: string) => `${apiPrefix.app}/${path}`;

/** Public: no sign-in (the reset's token is the secret from the e-mailed link). */
export const passwordRecoveryCalls = {
  forgotPassword: describeCall({
    method: 'POST',
    path: app('patient/forgotPassword'),
    who: who.public,
    body: forgotPasswordRequest,
    response: forgotPasswordResponse,
  }),
  resetPassword: describeCall({
    method: 'POST',
    path: app('patient/resetPassword'),
    who: who.public,
    body: resetPasswordRequest,
    response: resetPasswordResponse,
  }),
};

/** The signed-in account's own settings. */
export const accountSettingsCalls = {
  /**
   * Names the patient whose account is renamed: through the guard like every patient-scoped call,
   * and then the caller's own only (a responsible person may not rename the patient's account).
   */
  changeUsername: describeCall({
    method: 'POST',
    path: app('profile/changeUsername'),
    who: who.patientInBody('profileId'),
    body: changeUsernameRequest,
    response: changeUsernameResponse,
  }),
  changePassword: describeCall({
    method: 'POST',
    path: app('profile/changePassword'),
    who: who.account,
    body: changePasswordRequest,
    response: changePasswordResponse,
  }),
  changeLanguage: describeCall({
    method: 'POST',
    path: app('profile/changeLanguage'),
    who: who.account,
    body: changeLanguageRequest,
    response: changeLanguageResponse,
  }),
};

export const activityLogCalls = {
  /** `:id` is the patient whose log is read (the caller's own, or one they act for). */
  list: describeCall({
    method: 'GET',
    path: app('patient/activityLog/_rid/:id'),
    who: who.patientInPath('id'),
    params: ridParams,
    response: activityLogResponse,
  }),
};

export const responsiblePersonsCalls = {
  /** `:id` is the patient viewed: who is responsible for them (decision 023). */
  list: describeCall({
    method: 'GET',
    path: app('patient/responsiblePersons/_rid/:id'),
    who: who.patientInPath('id'),
    params: ridParams,
    response: responsiblePersonsResponse,
  }),
};
