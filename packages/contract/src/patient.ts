import { z } from 'zod';
import { languages } from './i18n/languages';
import { describeCall, who } from './call';
import { apiPrefix } from './routes';
import { requiredString, ridParams } from './rules';

export const gender = z.enum(['MALE', 'FEMALE', 'UNKNOWN', 'OTHER', 'UNDIFFERENTIATED']);
export type Gender = z.infer<typeof gender>;

/**
 * Sex assigned at birth as US Core's birthsex: F (female), M (male), UNK (asked, but unknown). Not
 * given at all is null, so "unknown" and "never asked" stay apart; the documents write both as
 * unknown (decision 237).
 */
export const birthSexValues = ['F', 'M', 'UNK'] as const;
export const birthSex = z.enum(birthSexValues, { message: 'profile.validation.birthSex' });
export type BirthSex = z.infer<typeof birthSex>;

export const contactType = z.enum([
  'CELL_PHONE',
  'HOME_PHONE',
  'WORK_PHONE',
  'WORK_PHONE_EXT',
  'OTHER_PHONE',
  'FAX_NUMBER',
  'EMAIL_ADDRESS',
  'US_MAIL',
  'WEBSITE',
]);
export type ContactType = z.infer<typeof contactType>;

export const contactInfo = z.object({
  id: z.number().int(),
  active: z.boolean(),
  type: z.object({ type: contactType }),
  value: z.string(),
});
export type ContactInfo = z.infer<typeof contactInfo>;

export const addressInfo = z.object({
  id: z.number().int(),
  active: z.boolean(),
  addressLine1: z.string(),
  addressLine2: z.string().nullable(),
  city: z.string(),
  /** Null outside the United States and Canada. */
  state: z.string().nullable(),
  zipCode: z.string(),
  country: z.string(),
});
export type AddressInfo = z.infer<typeof addressInfo>;

/** A patient the signed-in user may act for (spec 000 §3, responsibleForPatients). */
export const responsibleForPatient = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  gender,
  relationship: z.number().int(),
});
export type ResponsibleForPatient = z.infer<typeof responsibleForPatient>;

/** Spec 000 §3 "User profile". `id` is the patient id, `userId` the account id. */
export const userProfile = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  gender,
  dateOfBirth: z.string(),
  avatarS3Id: z.string().nullable(),
  avatarContentLength: z.number().int().nullable(),
  avatarMimeType: z.string().nullable(),
  lastChangePasswordDate: z.string().nullable(),
  /** The language the account chose (profile/changeLanguage); null until it chooses (and in sessions stored before it existed). */
  language: z.enum(languages).nullable().default(null),
  contactInfoList: z.array(contactInfo),
  addressInformationInfoList: z.array(addressInfo),
  responsibleForPatients: z.array(responsibleForPatient),
  bridgePatient: z.boolean(),
  directAddress: z.string().nullable(),
  directServiceEnabled: z.boolean(),
  /**
   * Whether a Direct message can leave this portal (a HISP is set up). Without one, a message to a
   * domain that is not this portal's is kept in Failed, so the screens say so before it is sent.
   * Not in the spec: added beside its Direct fields; true in sessions stored before it existed.
   */
  directSendsOutside: z.boolean().default(true),
  /** The Direct domain of the patient's practice on this portal (delivered here, without a HISP); null when it has none. */
  directDomain: z.string().nullable().default(null),
  hasFhirPermission: z.boolean(),
  patientFhirInvite: z.boolean(),
  dermisFirstTimeSetupComplete: z.boolean(),
});
export type UserProfile = z.infer<typeof userProfile>;

export const getByUsernameRequest = z.object({ username: requiredString });

/**
 * A patient's own data without the account fields of `userProfile`: what the acting-for screens read
 * through `patient/getDermisPatientById/_rid/{id}`.
 */
export const patientProfile = userProfile.omit({
  userId: true,
  username: true,
  lastChangePasswordDate: true,
  language: true,
  responsibleForPatients: true,
});
export type PatientProfile = z.infer<typeof patientProfile>;

export const patientCalls = {
  /**
   * The signed-in user's profile, or that of a patient they act for, named by username: the handler
   * runs the access rule on the patient the name belongs to (an unknown name is refused like a
   * stranger's, so the answer never tells whether a username exists).
   */
  getByUsername: describeCall({
    method: 'POST',
    path: `${apiPrefix.app}/patient/getByUsername`,
    who: who.account,
    body: getByUsernameRequest,
    response: userProfile,
  }),
  /** `:id` is the patient id: the acting-for screens' view of a patient. */
  getDermisPatientById: describeCall({
    method: 'GET',
    path: `${apiPrefix.app}/patient/getDermisPatientById/_rid/:id`,
    who: who.patientInPath('id'),
    params: ridParams,
    response: patientProfile,
  }),
};
