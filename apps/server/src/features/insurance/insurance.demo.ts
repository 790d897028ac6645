/** Maria's demo insurance: one active profile with a current medical policy and an expired dental one. */
import type { DemoSeeder } from '../../demo/seed';
import { upsertInsuranceProfile } from './insurance.repository';

function isoDay(offsetDays: number): string {
  return new Date(Date.now() + offsetDays * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

export const seedInsurance: DemoSeeder = async (tx, demo) => {
  await upsertInsuranceProfile(tx, demo.practiceId, demo.patients.maria, 'DEMO-INS-1', {
    name: 'Maria Lopez',
    active: true,
    policies: [
      {
        externalId: 'DEMO-POL-1',
        order: 1,
        name: 'Blue Choice PPO',
        title: 'Primary medical',
        insuranceCompanyName: 'Blue Cross Blue Shield of Florida',
        policyType: 'PREFERRED_PROVIDER_ORGANIZATION',
        memberNumber: 'XJH847392015',
        groupName: 'Gulf Coast Schools',
        coInsurance: '20%',
        coPayment: '$30',
        deductible: '$1,500',
        validFrom: isoDay(-400),
        validThrough: isoDay(330),
        relationshipToResponsiblePerson: 'SELF',
        responsibleFirstName: 'Maria',
        responsibleLastName: 'Lopez',
        responsibleDateOfBirth: '1984-03-12',
        responsibleGender: 'FEMALE',
        responsiblePhone: '(239) 555-0142',
        address: {
          streetAddressLn1: 'PO Box 1798',
          city: 'Jacksonville',
          state: 'FLORIDA',
          zip: '32231',
          country: 'UNITED_STATES',
        },
      },
      {
        externalId: 'DEMO-POL-2',
        order: 2,
        name: 'Dental Basic',
        title: 'Dental',
        insuranceCompanyName: 'Delta Dental',
        policyType: 'COMMERCIAL_INSURANCE_CO',
        memberNumber: 'DD55120987',
        groupName: 'Gulf Coast Schools',
        coPayment: '$15',
        deductible: '$50',
        validFrom: isoDay(-800),
        validThrough: isoDay(-35),
        relationshipToResponsiblePerson: 'SPOUSE',
        responsibleFirstName: 'Carlos',
        responsibleLastName: 'Lopez',
        responsibleDateOfBirth: '1982-09-30',
        responsibleGender: 'MALE',
        responsiblePhone: '(239) 555-0187',
        address: {
          streetAddressLn1: 'PO Box 1809',
          city: 'Alpharetta',
          state: 'GEORGIA',
          zip: '30023',
          country: 'UNITED_STATES',
        },
      },
    ],
  });
};
