/**
 * Care team and provider directory (spec 001 §3 "Care team", §4 "Care team", §5 "Care team
 * search", §7): `GET careteam/getById/_rid/{patientId}`, `POST careteam/save` (the whole list, after
 * every add, remove or reorder, orders renumbered 1..n) and `POST nppes/search` over the provider
 * directory (the NPPES layout: NPI, names, credential, taxonomies, practice address).
 */
import { z } from 'zod';
import { describeCall, who } from './call';
import { apiPrefix } from './routes';
import { entityId, int32, ridParams, safeString } from './rules';

/** Spec 001 §5 / §9: the care-team search fires when the text is longer than 2 characters. */
export const careTeamSearchMinLength = 3;
/** Spec 001 §9: the directory answers at most 30 providers. */
export const nppesSearchDefaultLimit = 30;
export const nppesSearchMaxLimit = 100;
export const nppesSearchTextMax = 100;
/** The most members one care team may hold. */
export const careTeamMaxMembers = 50;

// ---------------------------------------------------------------------------------------------
// Provider directory (nppes/search)

/** Spec 001 §7: `type PROVIDER` asks for individual providers (NPPES entity type 1). */
export const nppesSearchType = z.enum(['PROVIDER']);

export const nppesSearchRequest = z.object({
  searchText: safeString.trim().min(careTeamSearchMinLength).max(nppesSearchTextMax),
  /** The short result form; the only form there is, accepted for compatibility. */
  lightBean: z.boolean().default(true),
  type: nppesSearchType.default('PROVIDER'),
  limit: int32.min(1).max(nppesSearchMaxLimit).default(nppesSearchDefaultLimit),
});
export type NppesSearchRequest = z.input<typeof nppesSearchRequest>;

export const providerTaxonomy = z.object({
  /** Health Care Provider Taxonomy code, e.g. 207N00000X (Dermatology). */
  code: z.string(),
  description: z.string(),
  primary: z.boolean(),
  license: z.string().nullable(),
  state: z.string().nullable(),
});
export type ProviderTaxonomy = z.infer<typeof providerTaxonomy>;

/** The practice location of a directory entry (US postal form: state as the 2-letter code). */
export const providerAddress = z.object({
  streetAddressLn1: z.string().nullable(),
  streetAddressLn2: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip: z.string().nullable(),
  country: z.string().nullable(),
  phone: z.string().nullable(),
});
export type ProviderAddress = z.infer<typeof providerAddress>;

/** Spec 001 §3: a provider directory result. */
export const providerDirectoryResult = z.object({
  npi: z.string(),
  providerNamePrefix: z.string().nullable(),
  providerFirstName: z.string().nullable(),
  providerMiddleName: z.string().nullable(),
  /** Last name of a person (legal business name of an organization). */
  providerLastNameLegalName: z.string(),
  providerNameSuffix: z.string().nullable(),
  providerCredentialText: z.string().nullable(),
  taxonomies: z.array(providerTaxonomy),
  addressInformationInfo: providerAddress,
});
export type ProviderDirectoryResult = z.infer<typeof providerDirectoryResult>;
export const nppesSearchResponse = z.array(providerDirectoryResult);

// ---------------------------------------------------------------------------------------------
// Care team (careteam/getById, careteam/save)

export const careTeamAddressBookType = z.enum(['PERSON']);

const text = (max: number) => safeString.trim().max(max);
/** Optional text; the server stores an empty one as null. */
const optionalText = (max: number) => text(max).nullish();

export const careTeamAddressInput = z.object({
  streetAddressLn1: optionalText(250),
  streetAddressLn2: optionalText(250),
  city: optionalText(250),
  state: optionalText(250),
  zip: optionalText(20),
  country: optionalText(250),
});

export const careTeamAddress = z.object({
  streetAddressLn1: z.string().nullable(),
  streetAddressLn2: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip: z.string().nullable(),
  country: z.string().nullable(),
});
export type CareTeamAddress = z.infer<typeof careTeamAddress>;

/** Spec 001 §3: addressBookInfo of a member (a snapshot of the directory entry when added). */
export const addressBookInfo = z.object({
  name: z.string(),
  npi: z.string().nullable(),
  credential: z.string().nullable(),
  /** The primary taxonomy's description (e.g. "Dermatology"), for the list. */
  specialty: z.string().nullable(),
  addressBookType: careTeamAddressBookType,
  addressInfoList: z.array(careTeamAddress),
});

export const careTeamMember = z.object({
  id: z.number().int(),
  /** 1-based. */
  order: z.number().int(),
  defaultReferringPhysician: z.boolean(),
  addressBookInfo,
});
export type CareTeamMember = z.infer<typeof careTeamMember>;

export const patientCareTeam = z.object({
  patientId: z.number().int(),
  careTeamMembers: z.array(careTeamMember),
});
export type PatientCareTeam = z.infer<typeof patientCareTeam>;
/** careteam/getById and careteam/save answer the team, members in order. */
export const careTeamResponse = patientCareTeam;

const npiText = safeString.regex(/^\d{10}$/, { message: 'validation.npi' });

export const careTeamMemberInput = z.object({
  /** The member's id when it was already on the team; new members have none. */
  id: entityId.nullish(),
  order: int32.min(1).max(careTeamMaxMembers),
  defaultReferringPhysician: z.boolean().default(false),
  addressBookInfo: z.object({
    name: text(250).min(1, { message: 'validation.fieldRequired' }),
    npi: npiText.nullish(),
    credential: optionalText(100),
    specialty: optionalText(250),
    addressBookType: careTeamAddressBookType.default('PERSON'),
    addressInfoList: z.array(careTeamAddressInput).max(5).default([]),
  }),
});
export type CareTeamMemberInput = z.input<typeof careTeamMemberInput>;

export const saveCareTeamRequest = z.object({
  patientId: entityId,
  patientCareTeam: z.object({
    patientId: entityId.optional(),
    careTeamMembers: z.array(careTeamMemberInput).max(careTeamMaxMembers),
  }),
});
export type SaveCareTeamRequest = z.input<typeof saveCareTeamRequest>;

/** Members in order with orders renumbered 1..n (spec 001 §4: after every add, remove or reorder). */
export function renumberCareTeam<T extends { order: number }>(members: readonly T[]): T[] {
  return members.map((member, index) => ({ ...member, order: index + 1 }));
}

/** Luhn check digit of an NPI's first nine digits (with the 80840 prefix of ISO 7812, i.e. +24). */
export function npiCheckDigit(firstNine: string): number {
  let sum = 24;
  for (let i = 0; i < 9; i++) {
    let digit = Number(firstNine[8 - i]);
    if (i % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return (10 - (sum % 10)) % 10;
}

/** Whether a text is a ten-digit NPI with a valid check digit. */
export function isValidNpi(npi: string): boolean {
  return /^[12]\d{9}$/.test(npi) && npiCheckDigit(npi.slice(0, 9)) === Number(npi[9]);
}

/** The care team calls (spec 001 §7): the patient's team, and the provider directory. */
export const careTeamCalls = {
  get: describeCall({
    method: 'GET',
    path: `${apiPrefix.app}/careteam/getById/_rid/:id`,
    who: who.patientInPath('id'),
    params: ridParams,
    response: careTeamResponse,
  }),
  /** The whole team, renumbered 1..n, saved in one go. */
  save: describeCall({
    method: 'POST',
    path: `${apiPrefix.app}/careteam/save`,
    who: who.patientInBody('patientId'),
    body: saveCareTeamRequest,
    response: careTeamResponse,
  }),
  /** Reads reference data only: names no patient. */
  searchProviders: describeCall({
    method: 'POST',
    path: `${apiPrefix.app}/nppes/search`,
    who: who.account,
    body: nppesSearchRequest,
    response: nppesSearchResponse,
  }),
};
