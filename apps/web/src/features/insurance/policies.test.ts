import dayjs from 'dayjs';
import {
  insurancePolicyTypeCode,
  type InsurancePolicy,
  type PatientInsuranceResponse,
} from '@dermis/contract';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '../../lib/i18n/language';
import { currentPolicies, isExpired, policyDate, policyHistory, policyTypeText } from './policies';

const policy = (id: number, order: number, extra: Partial<InsurancePolicy> = {}): InsurancePolicy => ({
  id,
  order,
  name: `Plan ${id}`,
  validFrom: null,
  validThrough: null,
  dateTerminated: null,
  title: null,
  memberNumber: null,
  groupName: null,
  coInsurance: null,
  coPayment: null,
  deductible: null,
  insuranceCompany: { name: 'Co' },
  insurancePolicyType: { code: 'UNDEFINED', description: 'Undefined' },
  relationshipToResponsiblePerson: null,
  responsibleFirstName: null,
  responsibleMiddleName: null,
  responsibleLastName: null,
  responsibleDateOfBirth: null,
  responsibleGender: null,
  responsiblePhone: null,
  responsibleOtherContact: null,
  addressInformation: null,
  ...extra,
});

const answer: PatientInsuranceResponse = {
  activePatientInsuranceProfiles: [
    {
      id: 1,
      name: null,
      active: true,
      insurancePolicies: [policy(1, 2), policy(2, 1), policy(3, 3, { dateTerminated: '2025-01-01' })],
    },
  ],
  inactivePatientInsuranceProfiles: [{ id: 2, name: null, active: false, insurancePolicies: [policy(4, 1)] }],
};

describe('insurance policies', () => {
  it('lists current policies by order and keeps terminated and inactive ones for the history', () => {
    expect(currentPolicies(answer).map((p) => p.id)).toEqual([2, 1]);
    expect(policyHistory(answer).map((p) => p.id)).toEqual([4, 3]);
  });

  it('flags a policy expired only when its last valid day is past', () => {
    const today = dayjs('2026-03-20');
    expect(isExpired(policy(1, 1, { validThrough: '2026-03-19' }), today)).toBe(true);
    expect(isExpired(policy(1, 1, { validThrough: '2026-03-20' }), today)).toBe(false);
    expect(isExpired(policy(1, 1), today)).toBe(false);
    expect(policyDate('2026-03-05')).toBe('03/05/2026');
  });
});

describe('policyTypeText', () => {
  it('names a known policy type in the app language and keeps an unknown one as the practice wrote it', async () => {
    const ppo = { code: 'PREFERRED_PROVIDER_ORGANIZATION', description: 'PPO plan' } as const;
    expect(policyTypeText(ppo)).toBe('Preferred provider organization (PPO)');
    await setLanguage('es', { remember: false });
    try {
      expect(policyTypeText(ppo)).not.toBe('Preferred provider organization (PPO)');
      expect(policyTypeText(ppo)).toContain('PPO');
      // Every type the contract knows has its Spanish name (none falls back to the practice's text).
      for (const code of insurancePolicyTypeCode.options)
        expect(policyTypeText({ code, description: '(practice text)' })).not.toBe('(practice text)');
    } finally {
      await setLanguage('en', { remember: false });
    }
  });
});
