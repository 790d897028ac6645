import dayjs from 'dayjs';
import {
  insurancePolicyTypeCode,
  type InsurancePolicy,
  type PatientInsuranceResponse,
} from '@dermis/contract';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '../../lib/i18n/language';
import {
  currentPolicies,
  isExpired,
  policyAddressLines,
  policyDate,
  policyGenderText,
  policyHistory,
  policyTypeText,
} from './policies';

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

  it('keeps an expired policy flagged in the list and shows it in the history too', () => {
    const today = dayjs('2026-03-20');
    const withExpired: PatientInsuranceResponse = {
      activePatientInsuranceProfiles: [
        {
          id: 1,
          name: null,
          active: true,
          insurancePolicies: [policy(1, 1), policy(2, 2, { validThrough: '2026-02-14' })],
        },
      ],
      inactivePatientInsuranceProfiles: [],
    };
    expect(currentPolicies(withExpired).map((p) => p.id)).toEqual([1, 2]);
    expect(policyHistory(withExpired, today).map((p) => p.id)).toEqual([2]);
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

describe('the policy detail values', () => {
  const address = {
    streetAddressLn1: 'PO Box 1798',
    streetAddressLn2: null,
    city: 'Jacksonville',
    state: 'FLORIDA',
    zip: '32231',
    country: 'UNITED_STATES',
  };

  it('writes the address as an envelope does, with the state abbreviated', () => {
    expect(policyAddressLines(address)).toEqual(['PO Box 1798', 'Jacksonville, FL 32231']);
    expect(
      policyAddressLines({ ...address, city: 'Ottawa', state: 'ONTARIO', zip: 'K1A 0B1', country: 'CANADA' }),
    ).toEqual(['PO Box 1798', 'Ottawa, ON K1A 0B1', 'Canada']);
    expect(policyAddressLines(null)).toEqual([]);
  });

  it("names the responsible person's sex in the app language, not as its code", async () => {
    expect(policyGenderText('FEMALE')).toBe('Female');
    expect(policyGenderText(null)).toBe('');
    await setLanguage('es', { remember: false });
    try {
      expect(policyGenderText('FEMALE')).toBe('Femenino');
      expect(policyAddressLines({ ...address, country: 'MEXICO', state: null, zip: '06000' })).toEqual([
        'PO Box 1798',
        'Jacksonville, 06000',
        'México',
      ]);
    } finally {
      await setLanguage('en', { remember: false });
    }
  });
});
