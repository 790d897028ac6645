/**
 * Which policies the insurance page lists (spec 001 §4 "Insurance"): the current list holds the
 * policies of the active profiles sorted by order; the history holds those of inactive profiles and
 * any policy terminated. A policy whose validThrough day is past is flagged expired.
 */
import dayjs from 'dayjs';
import type { InsurancePolicy, PatientInsuranceResponse } from '@dermis/contract';
import { isPolicyExpired } from '@dermis/contract';
import { isMessageKey, t } from '../../lib/i18n';

const byOrder = (a: InsurancePolicy, b: InsurancePolicy) => a.order - b.order || a.id - b.id;

export function currentPolicies(answer: PatientInsuranceResponse): InsurancePolicy[] {
  return answer.activePatientInsuranceProfiles
    .flatMap((p) => p.insurancePolicies)
    .filter((p) => p.dateTerminated === null)
    .sort(byOrder);
}

export function policyHistory(answer: PatientInsuranceResponse): InsurancePolicy[] {
  const terminated = answer.activePatientInsuranceProfiles
    .flatMap((p) => p.insurancePolicies)
    .filter((p) => p.dateTerminated !== null);
  return [...terminated, ...answer.inactivePatientInsuranceProfiles.flatMap((p) => p.insurancePolicies)].sort(
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
