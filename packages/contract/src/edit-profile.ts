/**
 * Edit profile (spec 001 §2 "Edit profile", §3 "Patient profile", §4 "Profile edit", §5 "Profile"):
 * the one schema the web form validates with and `patient/update` enforces, so every rule and every
 * message is written once. Messages are catalog keys (i18n/en-edit-profile.ts); `{field}` is filled
 * from the `field.<name>` label of the failing field.
 */
import { z } from 'zod';
import { describeCall, who } from './call';
import { errorResponse } from './errors';
import { apiPrefix } from './routes';
import { externalIdParams } from './integration';
import { birthSex, birthSexValues, gender } from './patient';
import {
  CANADA,
  findCountry,
  findEthnicity,
  findRace,
  isRegionOf,
  languageValues,
  stateRequiredCountries,
  UNITED_STATES,
} from './reference-lists';
import { entityId, ridParams, safeString } from './rules';

export const profileLimits = {
  name: 35,
  street: 35,
  city: 35,
  email: 255,
  previousName: 255,
  other: 250,
  suffix: 250,
  workPhoneExt: 10,
  zip: 10,
  code: 32,
  codes: 100,
} as const;

export const genderIdentity = z.enum([
  'MALE',
  'FEMALE',
  'FEMALE_TO_MALE',
  'MALE_TO_FEMALE',
  'GENDERQUEER',
  'OTHER',
  'UNDISCLOSED',
]);
export type GenderIdentity = z.infer<typeof genderIdentity>;

export const sexualOrientation = z.enum([
  'HETEROSEXUAL',
  'HOMOSEXUAL',
  'BISEXUAL',
  'OTHER',
  'UNKNOWN',
  'UNDISCLOSED',
]);
export type SexualOrientation = z.infer<typeof sexualOrientation>;

/** The genders the profile form offers (spec 001 §3 "MALE, FEMALE, UNKNOWN in some views"). */
export const profileGenders = ['MALE', 'FEMALE', 'UNKNOWN'] as const;

/** Preferred communication: the catalogue's contact types without WEBSITE (spec 001 §3). */
export const preferredContact = z.enum([
  'CELL_PHONE',
  'HOME_PHONE',
  'WORK_PHONE',
  'OTHER_PHONE',
  'FAX_NUMBER',
  'EMAIL_ADDRESS',
  'US_MAIL',
]);
export type PreferredContact = z.infer<typeof preferredContact>;
export const defaultPreferredContact: PreferredContact = 'CELL_PHONE';

/** The profile field that holds each phone-like preferred contact: it must be filled when preferred. */
export const preferredContactField = {
  CELL_PHONE: 'cellPhone',
  HOME_PHONE: 'homePhone',
  WORK_PHONE: 'workPhone',
  OTHER_PHONE: 'otherPhone',
  FAX_NUMBER: 'fax',
} as const satisfies Partial<Record<PreferredContact, string>>;

export const emailStatus = z.enum(['NOT_VERIFIED', 'PENDING', 'VERIFIED']);
export type EmailStatus = z.infer<typeof emailStatus>;

const unitedStates = UNITED_STATES;
const canada = CANADA;
/** Countries whose addresses need a state or province (spec 001 §5). */
const countriesWithStates = stateRequiredCountries;

// Patterns of spec 001 §5. Letters include accented ones: the clinic spells names as people do.
export const profilePatterns = {
  /** Letters, ' and - (spaces between parts, as clinics record "Mary Ann": docs/decisions/070). */
  name: /^[\p{L}'-]+(?: [\p{L}'-]+)*$/u,
  email: /^[^\s@]+@[^\s@]+\.[^\s@]+$/,
  /** 10 digits with optional parentheses, dashes or spaces. */
  phone: /^(?:\(\d{3}\)|\d{3})[ -]*\d{3}[ -]*\d{4}$/,
  /** Like a phone, but the area code starts with 2-9 (NANP). */
  fax: /^(?:\([2-9]\d{2}\)|[2-9]\d{2})[ -]*\d{3}[ -]*\d{4}$/,
  digits: /^\d+$/,
  driversLicence: /^[A-Za-z0-9 -]+$/,
  street: /^[\p{L}0-9\-/'. ]+$/u,
  city: /^[\p{L}\- ]+$/u,
  zipUs: /^\d{5}(?:-?\d{4})?$/,
  /** Letter-digit-letter digit-letter-digit, optional space; never D, F, I, O, Q or U. */
  zipCa: /^[A-CEGHJ-NPR-TV-Z]\d[A-CEGHJ-NPR-TV-Z] ?\d[A-CEGHJ-NPR-TV-Z]\d$/i,
  zipOther: /^[A-Za-z0-9][A-Za-z0-9 -]*$/,
  isoDate: /^\d{4}-\d{2}-\d{2}$/,
} as const;

export function isValidZip(zip: string, country: string): boolean {
  if (country === unitedStates) return profilePatterns.zipUs.test(zip);
  if (country === canada) return profilePatterns.zipCa.test(zip);
  return profilePatterns.zipOther.test(zip);
}

/** A real calendar day, YYYY-MM-DD, not in the future and not before 1900. */
export function isValidDateOfBirth(value: string, today = new Date()): boolean {
  if (!profilePatterns.isoDate.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) return false;
  return value >= '1900-01-01' && value <= today.toISOString().slice(0, 10);
}

const required = 'validation.fieldRequiredGeneric';
const tooLong = 'validation.maxLength';

/** Trimmed text; an empty one is the required message. */
const requiredText = (max: number) =>
  safeString.trim().min(1, { message: required }).max(max, { message: tooLong });
/** Trimmed text; empty is allowed (and becomes null on output, see `nullable`). */
const optionalText = (max: number) => safeString.trim().max(max, { message: tooLong });
/** Empty text sent as null (spec 001 §5): the output of an optional field. */
const emptyToNull = (value: string | null | undefined) => (value ? value : null);

const optionalMatching = (max: number, pattern: RegExp, message: string) =>
  optionalText(max).refine((v) => v === '' || pattern.test(v), { message });

const nameRule = (isRequired: boolean) =>
  (isRequired ? requiredText(profileLimits.name) : optionalText(profileLimits.name)).refine(
    (v) => v === '' || profilePatterns.name.test(v),
    { message: 'profile.validation.name' },
  );

const code = safeString.trim().min(1).max(profileLimits.code);
const codes = z.array(code).max(profileLimits.codes);
/** Sub-values chosen under a parent race or ethnicity group (spec 001 §3 racesByGroup). */
const codesByGroup = z.array(z.object({ group: code, values: codes })).max(profileLimits.codes);
export type CodesByGroup = { group: string; values: string[] }[];

export const profileAddressForm = z.object({
  streetAddressLn1: optionalText(profileLimits.street),
  streetAddressLn2: optionalText(profileLimits.street),
  zip: optionalText(profileLimits.zip),
  city: optionalText(profileLimits.city),
  state: optionalText(profileLimits.code),
  country: optionalText(profileLimits.code),
});
export type ProfileAddressForm = z.infer<typeof profileAddressForm>;

/** The fields a patient types; country and state are picked from lists. */
const typedAddressFields = ['streetAddressLn1', 'streetAddressLn2', 'zip', 'city'] as const;

/**
 * An address with nothing typed in it. A picked country or state alone is no address: the pickers
 * keep their choice when the patient clears the street, city and zip to remove Address 2 (spec 001
 * §4), and that must remove it rather than ask for a street.
 */
export function isBlankAddress(address: z.input<typeof profileAddressForm>): boolean {
  return typedAddressFields.every((f) => !(address[f] ?? '').trim());
}

/**
 * What the form edits and `patient/update` takes (spec 001 §3, flattened: the server derives
 * contactInfoList and addressInformationInfoList from it, docs/decisions/070). Strings come in as
 * typed; the schema trims them and its output has empty optional ones as null.
 */
const profileFields = z.object({
  id: entityId,
  firstName: nameRule(true),
  middleName: nameRule(false),
  lastName: nameRule(true),
  suffix: optionalText(profileLimits.suffix),
  previousName: optionalText(profileLimits.previousName),
  dateOfBirth: safeString
    .trim()
    .min(1, { message: required })
    .refine((v) => v === '' || isValidDateOfBirth(v), { message: 'profile.validation.date' }),
  driversLicenceNumber: optionalMatching(
    profileLimits.other,
    profilePatterns.driversLicence,
    'profile.validation.driversLicence',
  ),
  preferredContact: preferredContact.or(z.literal('')),
  userEmail: requiredText(profileLimits.email).refine((v) => v === '' || profilePatterns.email.test(v), {
    message: 'profile.validation.email',
  }),
  cellPhone: optionalMatching(profileLimits.other, profilePatterns.phone, 'profile.validation.phone'),
  homePhone: optionalMatching(profileLimits.other, profilePatterns.phone, 'profile.validation.phone'),
  workPhone: optionalMatching(profileLimits.other, profilePatterns.phone, 'profile.validation.phone'),
  workPhoneExt: optionalMatching(
    profileLimits.workPhoneExt,
    profilePatterns.digits,
    'profile.validation.numbers',
  ),
  otherPhone: optionalMatching(profileLimits.other, profilePatterns.phone, 'profile.validation.phone'),
  fax: optionalMatching(profileLimits.other, profilePatterns.fax, 'profile.validation.fax'),
  address1: profileAddressForm,
  address2: profileAddressForm,
  gender: gender,
  // Optional so a client that does not know the field leaves the stored answer as it is.
  birthSex: z.enum([...birthSexValues, ''], { message: 'profile.validation.birthSex' }).optional(),
  genderIdentity: genderIdentity.or(z.literal('')),
  genderIdentityOther: optionalText(profileLimits.other),
  sexualOrientation: sexualOrientation.or(z.literal('')),
  sexualOrientationOther: optionalText(profileLimits.other),
  races: codes,
  ethnicities: codes,
  racesByGroup: codesByGroup,
  ethnicitiesByGroup: codesByGroup,
  preferredLanguageIsoCode: optionalText(profileLimits.code),
});

type Ctx = z.core.$RefinementCtx<z.output<typeof profileFields>>;
type Fields = z.output<typeof profileFields>;

function addressIssues(ctx: Ctx, key: 'address1' | 'address2', address: ProfileAddressForm): void {
  const at = (field: string, message: string) =>
    ctx.addIssue({ code: 'custom', path: [key, field], message });
  // Address 2 is all or nothing: once any field is filled, the required ones are (spec 001 §5).
  if (key === 'address2' && isBlankAddress(address)) return;
  if (!address.streetAddressLn1) at('streetAddressLn1', required);
  else if (!profilePatterns.street.test(address.streetAddressLn1))
    at('streetAddressLn1', 'profile.validation.street');
  if (!address.city) at('city', required);
  else if (!profilePatterns.city.test(address.city)) at('city', 'profile.validation.city');
  if (!address.country) at('country', required);
  else if (!findCountry(address.country)) at('country', 'validation.invalid');
  else if (address.state && !isRegionOf(address.country, address.state)) at('state', 'validation.invalid');
  if (!address.zip) at('zip', required);
  else if (address.country && !isValidZip(address.zip, address.country)) at('zip', 'profile.validation.zip');
  if (countriesWithStates.includes(address.country) && !address.state)
    at('state', 'profile.validation.state');
}

function crossFieldIssues(value: Fields, ctx: Ctx): void {
  addressIssues(ctx, 'address1', value.address1);
  addressIssues(ctx, 'address2', value.address2);
  // A phone marked as the preferred communication must be filled.
  // Codes only from the reference lists.
  value.races.forEach(
    (code, i) =>
      !findRace(code) && ctx.addIssue({ code: 'custom', path: ['races', i], message: 'validation.invalid' }),
  );
  value.ethnicities.forEach(
    (code, i) =>
      !findEthnicity(code) &&
      ctx.addIssue({ code: 'custom', path: ['ethnicities', i], message: 'validation.invalid' }),
  );
  if (value.preferredLanguageIsoCode && !languageValues.has(value.preferredLanguageIsoCode))
    ctx.addIssue({ code: 'custom', path: ['preferredLanguageIsoCode'], message: 'validation.invalid' });
  const preferred = value.preferredContact;
  if (preferred && preferred in preferredContactField) {
    const field = preferredContactField[preferred as keyof typeof preferredContactField];
    if (!value[field]) ctx.addIssue({ code: 'custom', path: [field], message: required });
  }
}

/** Unselecting a parent group drops its children (spec 001 §4): groups not among the selected codes. */
export function keepSelectedGroups(selected: readonly string[], byGroup: CodesByGroup): CodesByGroup {
  return byGroup.filter(({ group }) => selected.includes(group));
}

/** The groups of selected parents, each holding only values that belong to it in the CDC lists. */
function groupsOf(
  kind: 'race' | 'ethnicity',
  selected: readonly string[],
  byGroup: CodesByGroup,
): CodesByGroup {
  const find = kind === 'race' ? findRace : findEthnicity;
  return keepSelectedGroups(selected, byGroup)
    .map(({ group, values }) => ({ group, values: values.filter((v) => find(v)?.groupId === group) }))
    .filter(({ values }) => values.length > 0);
}

/** The selected codes with every kept group's sub-values merged in, each once, in order. */
export function mergeGroupValues(selected: readonly string[], byGroup: CodesByGroup): string[] {
  return [...new Set([...selected, ...keepSelectedGroups(selected, byGroup).flatMap((g) => g.values)])];
}

/** The profile form's schema and patient/update's body: field rules plus the rules across fields. */
export const profileUpdateRequest = profileFields.superRefine(crossFieldIssues);
export type ProfileUpdateInput = z.input<typeof profileUpdateRequest>;
export type ProfileUpdateRequest = z.output<typeof profileUpdateRequest>;

/**
 * What is stored from a valid request: trimmed (the schema did that), empty optional text as null,
 * the free text of OTHER only with OTHER, groups of unselected parents dropped and the sub-values
 * merged into races and ethnicities (spec 001 §3, §4, §5).
 */
export function toProfileUpdate(v: ProfileUpdateRequest) {
  const address = (a: ProfileAddressForm) => ({
    streetAddressLn1: a.streetAddressLn1,
    streetAddressLn2: emptyToNull(a.streetAddressLn2),
    zip: a.zip,
    city: a.city,
    state: emptyToNull(a.state),
    country: a.country,
  });
  const racesByGroup = groupsOf('race', v.races, v.racesByGroup);
  const ethnicitiesByGroup = groupsOf('ethnicity', v.ethnicities, v.ethnicitiesByGroup);
  return {
    ...v,
    middleName: emptyToNull(v.middleName),
    suffix: emptyToNull(v.suffix),
    previousName: emptyToNull(v.previousName),
    driversLicenceNumber: emptyToNull(v.driversLicenceNumber),
    preferredContact: v.preferredContact || null,
    cellPhone: emptyToNull(v.cellPhone),
    homePhone: emptyToNull(v.homePhone),
    workPhone: emptyToNull(v.workPhone),
    workPhoneExt: emptyToNull(v.workPhoneExt),
    otherPhone: emptyToNull(v.otherPhone),
    fax: emptyToNull(v.fax),
    address1: address(v.address1),
    address2: isBlankAddress(v.address2) ? null : address(v.address2),
    // '' is "not given": stored as null; left out: unchanged (undefined).
    birthSex: v.birthSex === undefined ? undefined : v.birthSex || null,
    genderIdentity: v.genderIdentity || null,
    // The free text belongs to OTHER only: deselecting OTHER clears it.
    genderIdentityOther: v.genderIdentity === 'OTHER' ? emptyToNull(v.genderIdentityOther) : null,
    sexualOrientation: v.sexualOrientation || null,
    sexualOrientationOther: v.sexualOrientation === 'OTHER' ? emptyToNull(v.sexualOrientationOther) : null,
    racesByGroup,
    ethnicitiesByGroup,
    races: mergeGroupValues(v.races, racesByGroup),
    ethnicities: mergeGroupValues(v.ethnicities, ethnicitiesByGroup),
    preferredLanguageIsoCode: emptyToNull(v.preferredLanguageIsoCode),
  };
}
export type ProfileUpdate = ReturnType<typeof toProfileUpdate>;

/**
 * Races, ethnicities and language are required unless the profile's nonUSA flag is set (spec 001 §5).
 * Separate from the schema because the flag is the server's, not the request's: the form and the
 * server both call it with the flag they read.
 */
export function demographicsIssues(
  value: Pick<ProfileUpdateInput, 'races' | 'ethnicities' | 'preferredLanguageIsoCode'>,
  nonUsa: boolean,
): { path: string[]; message: 'validation.fieldRequiredGeneric' }[] {
  if (nonUsa) return [];
  const issues: { path: string[]; message: 'validation.fieldRequiredGeneric' }[] = [];
  if (value.races.length === 0) issues.push({ path: ['races'], message: required });
  if (value.ethnicities.length === 0) issues.push({ path: ['ethnicities'], message: required });
  if (!value.preferredLanguageIsoCode?.trim())
    issues.push({ path: ['preferredLanguageIsoCode'], message: required });
  return issues;
}

/** The profile address as the form and patient/update name it (spec 001 §3). */
export const profileAddress = z.object({
  streetAddressLn1: z.string(),
  streetAddressLn2: z.string().nullable(),
  zip: z.string(),
  city: z.string(),
  state: z.string().nullable(),
  country: z.string(),
});

/** The editable profile: everything the edit-profile page shows (GET patient/getEditableProfile/_rid/{id}). */
export const editableProfile = z.object({
  id: z.number().int(),
  firstName: z.string(),
  middleName: z.string().nullable(),
  lastName: z.string(),
  suffix: z.string().nullable(),
  previousName: z.string().nullable(),
  dateOfBirth: z.string(),
  driversLicenceNumber: z.string().nullable(),
  preferredContact: preferredContact,
  userEmail: z.string().nullable(),
  userEmailStatus: emailStatus,
  cellPhone: z.string().nullable(),
  homePhone: z.string().nullable(),
  workPhone: z.string().nullable(),
  workPhoneExt: z.string().nullable(),
  fax: z.string().nullable(),
  otherPhone: z.string().nullable(),
  directAddress: z.string().nullable(),
  address1: profileAddress.nullable(),
  address2: profileAddress.nullable(),
  gender,
  birthSex: birthSex.nullable(),
  genderIdentity: genderIdentity.nullable(),
  genderIdentityOther: z.string().nullable(),
  sexualOrientation: sexualOrientation.nullable(),
  sexualOrientationOther: z.string().nullable(),
  races: z.array(z.string()),
  ethnicities: z.array(z.string()),
  racesByGroup: z.array(z.object({ group: z.string(), values: z.array(z.string()) })),
  ethnicitiesByGroup: z.array(z.object({ group: z.string(), values: z.array(z.string()) })),
  preferredLanguageIsoCode: z.string().nullable(),
  avatarS3Id: z.string().nullable(),
  /** LK patients see everything read-only, with the red notice (spec 001 §1, §6). */
  lkPatient: z.boolean(),
  /** Imported from an external practice management system: demographics are locked (spec 001 §1). */
  demographicsImported: z.boolean(),
  /** Patients living outside the USA need not give races, ethnicities and language (spec 001 §5). */
  nonUsa: z.boolean(),
});
export type EditableProfile = z.infer<typeof editableProfile>;

/** The fields an imported profile keeps from the practice management system. */
export const demographicsFields = [
  'dateOfBirth',
  'gender',
  'birthSex',
  'genderIdentity',
  'genderIdentityOther',
  'sexualOrientation',
  'sexualOrientationOther',
  'races',
  'ethnicities',
  'racesByGroup',
  'ethnicitiesByGroup',
  'preferredLanguageIsoCode',
] as const;

/** The answer to patient/update: the profile as stored now. */
export const profileUpdateResponse = editableProfile;

/** Integration API: a clinic system marks a patient LK, imported, or living outside the USA. */
export const profileFlagsRequest = z.object({
  lkPatient: z.boolean().optional(),
  demographicsImported: z.boolean().optional(),
  nonUsa: z.boolean().optional(),
});
export const profileFlagsResponse = z.object({
  lkPatient: z.boolean(),
  demographicsImported: z.boolean(),
  nonUsa: z.boolean(),
});

/** The parent selection the form shows: the stored races without the sub-values of their groups. */
export function selectedParents(merged: readonly string[], byGroup: CodesByGroup): string[] {
  const children = new Set(byGroup.flatMap((g) => g.values));
  return merged.filter((code) => !children.has(code) || byGroup.some((g) => g.group === code));
}

/** The edit-profile calls: the patient reads and saves the profile, the clinic sets its flags. */
export const editProfileCalls = {
  /** Spec 001 §7: everything the edit-profile page shows. */
  getEditableProfile: describeCall({
    method: 'GET',
    path: `${apiPrefix.app}/patient/getEditableProfile/_rid/:id`,
    who: who.patientInPath('id'),
    params: ridParams,
    response: editableProfile,
  }),
  /** Spec 001 §7: the form's whole profile in (the patient is the body's `id`), the stored profile out. */
  update: describeCall({
    method: 'POST',
    path: `${apiPrefix.app}/patient/update`,
    who: who.patientInBody('id'),
    body: profileUpdateRequest,
    response: profileUpdateResponse,
  }),
  setProfileFlags: describeCall({
    method: 'PUT',
    path: `${apiPrefix.integration}/patients/:externalId/profile-flags`,
    who: who.apiKey,
    summary: 'Set the LK, imported and non-USA flags of a patient’s profile',
    params: externalIdParams,
    body: profileFlagsRequest,
    response: profileFlagsResponse,
    answers: { 400: errorResponse, 401: errorResponse, 404: errorResponse },
  }),
};
