/** Between the stored profile and the form: what the form starts with, and how it validates. */
import type { FieldErrors, Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  demographicsIssues,
  profileLimits,
  profileUpdateRequest,
  selectedParents,
  type EditableProfile,
  type ProfileUpdateInput,
} from '@dermis/contract';

const blankAddress = {
  streetAddressLn1: '',
  streetAddressLn2: '',
  zip: '',
  city: '',
  state: '',
  country: '',
};

/** 1984-03-12 → 03/12/1984 (spec 001 §5: MM/DD/YYYY on screen). */
export function toDisplayDate(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return match ? `${match[2]}/${match[3]}/${match[1]}` : iso;
}

/** 03/12/1984 → 1984-03-12; anything else is passed on as typed (and fails 'Date is not valid'). */
export function toIsoDate(display: string): string {
  const match = /^\s*(\d{2})\/(\d{2})\/(\d{4})\s*$/.exec(display);
  return match ? `${match[3]}-${match[1]}-${match[2]}` : display;
}

export function toFormValues(profile: EditableProfile): ProfileUpdateInput {
  const address = (a: EditableProfile['address1']) =>
    a
      ? {
          streetAddressLn1: a.streetAddressLn1,
          streetAddressLn2: a.streetAddressLn2 ?? '',
          zip: a.zip,
          city: a.city,
          state: a.state ?? '',
          country: a.country,
        }
      : { ...blankAddress, country: profile.address1 ? '' : 'UNITED_STATES' };
  return {
    id: profile.id,
    firstName: profile.firstName,
    middleName: profile.middleName ?? '',
    lastName: profile.lastName,
    suffix: profile.suffix ?? '',
    previousName: profile.previousName ?? '',
    dateOfBirth: toDisplayDate(profile.dateOfBirth),
    driversLicenceNumber: profile.driversLicenceNumber ?? '',
    preferredContact: profile.preferredContact,
    userEmail: profile.userEmail ?? '',
    cellPhone: profile.cellPhone ?? '',
    homePhone: profile.homePhone ?? '',
    workPhone: profile.workPhone ?? '',
    workPhoneExt: profile.workPhoneExt ?? '',
    otherPhone: profile.otherPhone ?? '',
    fax: profile.fax ?? '',
    address1: address(profile.address1),
    address2: profile.address2 ? address(profile.address2) : blankAddress,
    gender: profile.gender,
    // Not given is the empty choice.
    birthSex: profile.birthSex ?? '',
    genderIdentity: profile.genderIdentity ?? '',
    genderIdentityOther: profile.genderIdentityOther ?? '',
    sexualOrientation: profile.sexualOrientation ?? '',
    sexualOrientationOther: profile.sexualOrientationOther ?? '',
    races: selectedParents(profile.races, profile.racesByGroup),
    ethnicities: selectedParents(profile.ethnicities, profile.ethnicitiesByGroup),
    racesByGroup: profile.racesByGroup,
    ethnicitiesByGroup: profile.ethnicitiesByGroup,
    preferredLanguageIsoCode: profile.preferredLanguageIsoCode ?? '',
  };
}

/** The request the form sends: the date back in YYYY-MM-DD, everything else as typed. */
export function toRequest(values: ProfileUpdateInput): ProfileUpdateInput {
  return { ...values, dateOfBirth: toIsoDate(values.dateOfBirth) };
}

const schemaResolver = zodResolver(profileUpdateRequest, undefined, { raw: true });

/**
 * The contract's schema (the server runs the same) plus the demographics rule with the profile's
 * flags: nonUSA waives it, and an imported profile's demographics are not the patient's to fix.
 */
export function profileResolver(flags: { nonUsa: boolean; demographicsImported: boolean }) {
  const resolver: Resolver<ProfileUpdateInput> = async (values, context, options) => {
    const request = toRequest(values);
    const result = await schemaResolver(request, context, options);
    const extra = flags.demographicsImported ? [] : demographicsIssues(request, flags.nonUsa);
    const errors: FieldErrors<ProfileUpdateInput> = { ...result.errors };
    for (const issue of extra) {
      const field = issue.path[0] as 'races' | 'ethnicities' | 'preferredLanguageIsoCode';
      errors[field] = { type: 'custom', message: issue.message };
    }
    if (Object.keys(errors).length === 0) return { values: request, errors: {} };
    return { values: {}, errors };
  };
  return resolver;
}

/** The most a field may hold, for the 'not more than {maxLength}' message. */
export function maxLengthOf(path: string): number {
  const name = path.split('.').pop() ?? path;
  switch (name) {
    case 'firstName':
    case 'middleName':
    case 'lastName':
    case 'streetAddressLn1':
    case 'streetAddressLn2':
    case 'city':
      return profileLimits.name;
    case 'userEmail':
      return profileLimits.email;
    case 'previousName':
      return profileLimits.previousName;
    case 'workPhoneExt':
      return profileLimits.workPhoneExt;
    case 'zip':
      return profileLimits.zip;
    case 'state':
    case 'country':
    case 'preferredLanguageIsoCode':
      return profileLimits.code;
    default:
      return profileLimits.other;
  }
}
