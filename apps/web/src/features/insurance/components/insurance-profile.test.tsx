import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InsurancePolicy, PatientInsuranceResponse } from '@dermis/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../lib/testing/fetch-mock';
import { renderWithProviders } from '../../../lib/testing/render';
import { InsuranceProfile } from './insurance-profile';

const policy = (id: number, order: number, name: string, validThrough: string): InsurancePolicy => ({
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
  relationshipToResponsiblePerson: 'SELF',
  responsibleFirstName: 'Maria',
  responsibleMiddleName: null,
  responsibleLastName: 'Lopez',
  responsibleDateOfBirth: null,
  responsibleGender: 'FEMALE',
  responsiblePhone: null,
  responsibleOtherContact: null,
  addressInformation: {
    streetAddressLn1: 'PO Box 1798',
    streetAddressLn2: null,
    city: 'Jacksonville',
    state: 'FLORIDA',
    zip: '32231',
    country: 'UNITED_STATES',
  },
});

const answer: PatientInsuranceResponse = {
  activePatientInsuranceProfiles: [
    {
      id: 1,
      name: null,
      active: true,
      insurancePolicies: [policy(1, 1, 'Medical', '2999-12-31'), policy(2, 2, 'Dental', '2001-01-01')],
    },
  ],
  inactivePatientInsuranceProfiles: [],
};

afterEach(() => vi.unstubAllGlobals());

const backLinks = () => screen.getAllByTestId('insurance-back');

describe('InsuranceProfile', () => {
  it('shows one back link in each view, each to where the view came from', async () => {
    mockFetch(() => ({ body: answer }));
    renderWithProviders(<InsuranceProfile patientId={7} profileHref="/my-health-profile" />);
    await screen.findAllByTestId('policy-card');
    expect(backLinks()).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Back to Health Profile' })).toHaveAttribute(
      'href',
      '/my-health-profile',
    );

    await userEvent.click(screen.getByRole('button', { name: 'View details of Medical' }));
    expect(backLinks()).toHaveLength(1);
    expect(backLinks()[0]).toHaveTextContent('Back to the list');
    await userEvent.click(backLinks()[0]!);

    await userEvent.click(screen.getByTestId('insurance-history'));
    expect(backLinks()).toHaveLength(1);
    await userEvent.click(
      within(screen.getByTestId('policy-history')).getByRole('button', { name: 'View details of Dental' }),
    );
    expect(backLinks()).toHaveLength(1);
    expect(backLinks()[0]).toHaveTextContent('Back to the policy history');
  });

  it('lists the expired policy in the history, not "no earlier policies"', async () => {
    mockFetch(() => ({ body: answer }));
    renderWithProviders(<InsuranceProfile patientId={7} profileHref="/my-health-profile" />);
    await userEvent.click(await screen.findByTestId('insurance-history'));
    const history = screen.getByTestId('policy-history');
    expect(within(history).getByText('Dental')).toBeInTheDocument();
    expect(within(history).queryByText('Medical')).toBeNull();
    expect(within(history).queryByText('There are no earlier policies.')).toBeNull();
  });

  it('shows readable values in the detail: sex, address with the state abbreviated, no internal order', async () => {
    mockFetch(() => ({ body: answer }));
    renderWithProviders(<InsuranceProfile patientId={7} profileHref="/my-health-profile" />);
    await userEvent.click(await screen.findByRole('button', { name: 'View details of Medical' }));
    const detail = screen.getByTestId('policy-detail');
    expect(within(detail).getByText('Female')).toBeInTheDocument();
    expect(within(detail).getByText('PO Box 1798, Jacksonville, FL 32231')).toBeInTheDocument();
    expect(detail).not.toHaveTextContent('FEMALE');
    expect(detail).not.toHaveTextContent('FLORIDA');
    expect(within(detail).queryByText('Order')).toBeNull();
  });
});
