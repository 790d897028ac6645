import { screen } from '@testing-library/react';
import type { InsurancePolicy, PatientInsuranceResponse } from '@dermis/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../lib/testing/fetch-mock';
import { renderWithProviders } from '../../../lib/testing/render';
import { InsuranceBlock } from './insurance-block';

const policy = (id: number, order: number, name: string, validThrough: string | null): InsurancePolicy => ({
  id,
  order,
  name,
  validFrom: null,
  validThrough,
  dateTerminated: null,
  title: null,
  memberNumber: null,
  groupName: null,
  coInsurance: null,
  coPayment: null,
  deductible: null,
  insuranceCompany: { name: 'Acme Health' },
  insurancePolicyType: { code: 'MEDICARE', description: 'Medicare' },
  relationshipToResponsiblePerson: null,
  responsibleFirstName: null,
  responsibleMiddleName: null,
  responsibleLastName: null,
  responsibleDateOfBirth: null,
  responsibleGender: null,
  responsiblePhone: null,
  responsibleOtherContact: null,
  addressInformation: null,
});

afterEach(() => vi.unstubAllGlobals());

describe('InsuranceBlock', () => {
  it("lists policies by order, flags the expired one, and links 'Show details'", async () => {
    const answer: PatientInsuranceResponse = {
      activePatientInsuranceProfiles: [
        {
          id: 1,
          name: null,
          active: true,
          insurancePolicies: [policy(2, 2, 'Dental', '2001-01-01'), policy(1, 1, 'Medical', '2999-12-31')],
        },
      ],
      inactivePatientInsuranceProfiles: [],
    };
    mockFetch(() => ({ body: answer }));
    renderWithProviders(<InsuranceBlock patientId={7} />);
    const items = await screen.findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Medical — Acme Health',
      'Dental — Acme HealthExpired',
    ]);
    expect(screen.getByRole('link', { name: 'Show details' })).toHaveAttribute(
      'href',
      '/my-health-profile/insurance-profile',
    );
  });

  it("has no 'Show details' without an active profile", async () => {
    mockFetch(() => ({ body: { activePatientInsuranceProfiles: [], inactivePatientInsuranceProfiles: [] } }));
    renderWithProviders(<InsuranceBlock patientId={7} />);
    expect(await screen.findByText("You don't have an active insurance profile")).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Show details' })).toBeNull();
  });
});
