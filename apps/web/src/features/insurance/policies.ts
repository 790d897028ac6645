/**
 * Which policies the insurance page lists (spec 001 §4 "Insurance"): the current list holds the
 * policies of the active profiles sorted by order (an expired one stays there, flagged); the history
 * holds every policy no longer in effect: those of inactive profiles, terminated and expired ones.
 */
import dayjs from 'dayjs';
import type { InsurancePolicy, PatientInsuranceResponse } from '@dermis/contract';
import { caProvinces, countryName, isPolicyExpired, UNITED_STATES, usStates } from '@dermis/contract';
import { currentLanguage, isMessageKey, t } from '../../lib/i18n';

const byOrder = (a: InsurancePolicy, b: InsurancePolicy) => a.order - b.order || a.id - b.id;

export function currentPolicies(answer: PatientInsuranceResponse): InsurancePolicy[] {
  return answer.activePatientInsuranceProfiles
    .flatMap((p) => p.insurancePolicies)
    .filter((p) => p.dateTerminated === null)
    .sort(byOrder);
}

export function policyHistory(answer: PatientInsuranceResponse, today = dayjs()): InsurancePolicy[] {
  const ended = answer.activePatientInsuranceProfiles
    .flatMap((p) => p.insurancePolicies)
    .filter((p) => p.dateTerminated !== null || isExpired(p, today));
  return [...ended, ...answer.inactivePatientInsuranceProfiles.flatMap((p) => p.insurancePolicies)].sort(
    byOrder,
  );
}

export function isExpired(policy: InsurancePolicy, today = dayjs()): boolean {
  return isPolicyExpired(policy, today.format('YYYY-MM-DD'));
}

/** MM/DD/YYYY for the policy dates (YYYY-MM-DD in the answer). */
export function policyDate(value: string | null): string {
  return value ? dayjs(value).format('MM/DD/YYYY') : '';
}

/** The policy's type in the app's language (the catalog's `insurance.policyType.<code>`), else as the practice wrote it. */
export function policyTypeText(type: InsurancePolicy['insurancePolicyType']): string {
  const key = `insurance.policyType.${type.code}`;
  return isMessageKey(key) ? t(key) : type.description;
}

/** The responsible person's sex as the profile names it (`profile.gender.<code>`), else as recorded. */
export function policyGenderText(gender: string | null): string {
  if (!gender) return '';
  const key = `profile.gender.${gender}`;
  return isMessageKey(key) ? t(key) : gender;
}

const regionByEnum = new Map([...usStates, ...caProvinces].map((region) => [region.enum, region]));

/**
 * The policy's address as a US envelope writes it: the street lines, then 'City, ST 12345' (the
 * state's postal abbreviation, not its stored capitals), then the country when it is not the US.
 */
export function policyAddressLines(address: InsurancePolicy['addressInformation']): string[] {
  if (!address) return [];
  const state = address.state ? (regionByEnum.get(address.state)?.code ?? address.state) : '';
  const place = [address.city, [state, address.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  const country =
    address.country && address.country !== UNITED_STATES
      ? countryName(address.country, currentLanguage())
      : '';
  return [address.streetAddressLn1, address.streetAddressLn2, place, country].filter((line): line is string =>
    Boolean(line),
  );
}
