/**
 * A large, deterministic health record for tests and the bench: a large synthetic
 * record of hundreds of entries. Codes are real (the codes the contract's lists and the demo use); names
 * carry characters XML must escape, so a builder that concatenated strings would break here.
 */
import {
  allergyReactions,
  discontinuationReasons,
  familyRelations,
  socialHistoryCategories,
} from '@dermis/contract';
import type { Coded, HealthRecord, Medication } from './health-record';

const drugs: [string, string][] = [
  ['105586', 'Methotrexate 10 MG Oral Tablet'],
  ['106258', 'Hydrocortisone 10 MG/ML Topical Cream'],
  ['1652673', 'Doxycycline Monohydrate 50 MG Oral Tablet'],
  ['6851', 'Methotrexate'],
  ['3640', 'Doxycycline'],
  ['6064', 'Isotretinoin'],
];
const conditions: [string, string][] = [
  ['9014002', 'Psoriasis'],
  ['195967001', 'Asthma'],
  ['93655004', 'Malignant melanoma of skin'],
  ['44054006', 'Diabetes mellitus type 2'],
  ['24079001', 'Atopic dermatitis'],
  ['38341003', 'Hypertensive disorder'],
];
const procedures: [string, string][] = [
  ['35646002', 'Excision of lesion of skin'],
  ['38102005', 'Cholecystectomy'],
];
const allergens: [string, string, Medication['source'] | 'SNOMED'][] = [
  ['7984', 'Penicillin V', 'HISTORY'],
  ['111088007', 'Latex', 'SNOMED'],
];

/** `size` entries in each list (allergies, medications, problems, procedures, family history, encounters). */
export function syntheticHealthRecord(size = 200): HealthRecord {
  const base = Date.UTC(2025, 0, 1, 15, 0, 0);
  const at = (i: number) => new Date(base + i * 3_600_000);
  const odd = (i: number) => ` <#${i}> & "quoted" 'é' ]]>`;
  const relatives = [...familyRelations.PRIMARY, ...familyRelations.SECONDARY, ...familyRelations.TERTIARY];
  const sct = (code: string, display: string): Coded => ({ code, system: 'SNOMED_CT', display });
  const range = Array.from({ length: size }, (_, i) => i);
  const byPatient = (i: number) => ({ time: at(i), kind: 'PATIENT' as const, name: null });
  const byPractice = (i: number) => ({ time: at(i), kind: 'PRACTICE' as const, name: null });

  return {
    range: { start: new Date(base), end: new Date(base + 400 * 86_400_000) },
    readAt: new Date(base + 400 * 86_400_000),
    patient: {
      id: 1,
      externalId: 'SYN-1 <&>',
      name: { given: ['Ana <b>', 'María'], family: "O'Connor & Sons", prefix: null, suffix: 'Jr.' },
      previousName: null,
      dateOfBirth: '1975-06-30',
      gender: 'FEMALE',
      deceased: false,
      races: [
        { code: '2076-8', display: 'Native Hawaiian or Other Pacific Islander', ombGroup: null },
        { code: '2028-9', display: 'Asian', ombGroup: null },
        { code: '2079-2', display: 'Native Hawaiian', ombGroup: '2076-8' },
        { code: '2036-2', display: 'Filipino', ombGroup: '2028-9' },
      ],
      raceDeclined: false,
      ethnicities: [
        { code: '2135-2', display: 'Hispanic or Latino', ombGroup: null },
        { code: '2148-5', display: 'Mexican', ombGroup: '2135-2' },
      ],
      ethnicityDeclined: false,
      preferredLanguage: { code: 'es', name: 'Spanish' },
      languageDeclined: false,
      maritalStatus: { code: 'M', system: 'HL7_MARITAL_STATUS', display: 'Married' },
      addresses: [
        {
          lines: ['1 Main St <Apt 2>'],
          city: 'Naples',
          state: 'FL',
          postalCode: '34102',
          country: 'US',
          use: 'HOME',
        },
      ],
      telecoms: [
        { system: 'PHONE', use: 'MOBILE', value: '(239) 555-0101', extension: null },
        { system: 'EMAIL', use: null, value: 'ana@example.com', extension: null },
      ],
      birthSex: 'F',
      genderIdentity: { value: 'FEMALE', other: null },
      sexualOrientation: { value: 'OTHER', other: `Own words${odd(0)}` },
    },
    guardians: [
      {
        relationship: { code: 'MTH', system: 'HL7_ROLE_CODE', display: 'Mother' },
        name: { given: ['Rosa <i>'], family: "O'Connor & Sons", prefix: null, suffix: null },
        address: null,
        telecoms: [{ system: 'PHONE', use: 'HOME', value: '(239) 555-0102', extension: null }],
      },
    ],
    payers: [
      {
        id: 1,
        payerType: {
          code: '512',
          display: 'Commercial Managed Care - PPO',
          x12: { code: 'PR', display: 'Preferred Provider Organization (PPO)' },
        },
        planName: `Choice PPO${odd(1)}`,
        title: 'Primary medical',
        companyName: `Blue Cross${odd(1)}`,
        memberNumber: 'XJH847392015',
        groupName: 'Gulf Coast Schools',
        validFrom: '2024-01-01',
        validThrough: null,
        relationship: { code: 'SELF', system: 'HL7_ROLE_CODE', display: 'self' },
        subscriber: {
          name: { given: ['Ana'], family: "O'Connor & Sons", prefix: null, suffix: null },
          dateOfBirth: '1975-06-30',
          phone: null,
        },
        companyAddress: { lines: ['PO Box 1798'], city: 'Jacksonville', state: 'FL', postalCode: '32231' },
      },
      {
        id: 2,
        payerType: null,
        planName: 'Dental Basic',
        title: null,
        companyName: 'Delta Dental',
        memberNumber: null,
        groupName: null,
        validFrom: null,
        validThrough: '2025-06-30',
        relationship: { code: 'SPS', system: 'HL7_ROLE_CODE', display: 'spouse' },
        subscriber: null,
        companyAddress: null,
      },
    ],
    practice: {
      id: 1,
      name: 'Synthetic Dermatology & Co <LLC>',
      npi: null,
      phone: '239-555-0100',
      address: {
        lines: ['850 Fifth Ave S'],
        city: 'Naples',
        state: 'FL',
        postalCode: '34102',
        country: 'US',
        use: 'WORK',
      },
    },
    careTeam: range.slice(0, Math.min(size, 20)).map((i) => ({
      id: i + 1,
      position: i + 1,
      referringPhysician: i === 0,
      name: { given: [`Given${i}`], family: `Family${i}${odd(i)}`, prefix: 'Dr.', suffix: null },
      displayName: `Dr. Given${i} Family${i}`,
      npi: i % 2 === 0 ? '1234567893' : null,
      credential: 'MD',
      specialty: i % 3 === 0 ? { code: '207N00000X', system: 'NUCC_TAXONOMY', display: 'Dermatology' } : null,
      specialtyText: 'Dermatology',
      address:
        i % 2 === 0
          ? {
              lines: ['2 Side St'],
              city: 'Naples',
              state: 'FL',
              postalCode: '34102',
              country: 'US',
              use: 'WORK',
            }
          : null,
      phone: null,
    })),
    allergies: range.map((i) => {
      const [code, name, kind] = allergens[i % allergens.length]!;
      const reaction = allergyReactions[i % allergyReactions.length]!;
      return {
        id: i + 1,
        allergen: { code, system: kind === 'SNOMED' ? 'SNOMED_CT' : 'RXNORM', display: `${name}${odd(i)}` },
        allergenKind: kind === 'SNOMED' ? 'ENVIRONMENTAL' : 'DRUG',
        reactions:
          i % 4 === 3
            ? []
            : [
                {
                  reaction: {
                    code: reaction.code,
                    system: reaction.code === 'OTHER' ? 'LOCAL' : 'SNOMED_CT',
                    display: reaction.display,
                  },
                  text: reaction.code === 'OTHER' ? `Own words${odd(i)}` : reaction.display,
                },
              ],
        status: 'ACTIVE' as const,
        // The clinic's entries with each criticality in turn, the patient's without.
        criticality: i % 2 === 0 ? (['low', 'high', 'unable-to-assess'] as const)[(i / 2) % 3]! : null,
        recordedAt: at(i),
        enteredByClinic: i % 2 === 0,
        author: i % 2 === 0 ? byPractice(i) : byPatient(i),
      };
    }),
    allergiesNegative: null,
    medications: range.map((i): Medication => {
      const [code, name] = drugs[i % drugs.length]!;
      const status = (['ACTIVE', 'DISCONTINUED', 'INACTIVE'] as const)[i % 3]!;
      const reason = discontinuationReasons[i % discontinuationReasons.length]!;
      return {
        key: `${status === 'INACTIVE' ? 'prescription' : 'history'}-${i + 1}`,
        source: status === 'INACTIVE' ? 'PRESCRIPTION' : 'HISTORY',
        drug: { code, system: 'RXNORM', display: `${name}${odd(i)}` },
        termType: 'SCD',
        status,
        discontinuationReason:
          status === 'DISCONTINUED'
            ? {
                code: reason.code,
                system: reason.system === 'http://snomed.info/sct' ? 'SNOMED_CT' : 'MEDICATION_STATUS_REASON',
                display: reason.display,
              }
            : null,
        instructions: i % 2 === 0 ? `Take 1 tablet${odd(i)}` : null,
        startDate: i % 5 === 0 ? null : '2025-02-01',
        endDate: status === 'INACTIVE' ? '2025-03-01' : null,
        prescriber: status === 'INACTIVE' ? 'Olivia Bennett, MD' : null,
        recordedAt: at(i),
        author:
          status === 'INACTIVE'
            ? { time: at(i), kind: 'PRESCRIBER', name: `Olivia Bennett${odd(i)}, MD` }
            : byPatient(i),
      };
    }),
    medicationsNegative: null,
    problems: range.map((i) => {
      const [code, name] = conditions[i % conditions.length]!;
      return {
        id: i + 1,
        problem: sct(code, `${name}${odd(i)}`),
        status: 'ACTIVE' as const,
        recordedAt: at(i),
        enteredByClinic: false,
        author: byPatient(i),
      };
    }),
    problemsNegative: null,
    procedures: range.map((i) => {
      const [code, name] = procedures[i % procedures.length]!;
      return {
        id: i + 1,
        procedure: sct(code, `${name}${odd(i)}`),
        status: 'COMPLETED' as const,
        recordedAt: at(i),
        enteredByClinic: false,
        author: byPractice(i),
      };
    }),
    proceduresNegative: null,
    familyHistory: range.map((i) => {
      const [code, name] = conditions[i % conditions.length]!;
      const relative = relatives[i % relatives.length]!;
      const second = relatives[(i + 7) % relatives.length]!;
      return {
        id: i + 1,
        condition: sct(code, `${name}${odd(i)}`),
        relatives: [relative, second].map((r) => ({
          code: r.code,
          system: 'HL7_ROLE_CODE' as const,
          display: r.display,
        })),
        recordedAt: at(i),
        enteredByClinic: false,
        author: byPatient(i),
      };
    }),
    familyHistoryNegative: null,
    socialHistory: {
      smokingStatus: {
        id: 9001,
        value: sct('8517006', 'Former smoker'),
        recordedAt: at(1),
        enteredByClinic: false,
        author: byPatient(1),
      },
      alcohol: [
        {
          id: 9002,
          value: sct('28127009', 'Social drinker'),
          recordedAt: at(2),
          enteredByClinic: false,
          author: byPatient(2),
        },
      ],
      drugUse: [
        {
          id: 9003,
          value: { code: '_no_361055000', system: 'LOCAL', display: 'Does not misuse drugs' },
          recordedAt: at(3),
          enteredByClinic: false,
          author: byPatient(3),
        },
      ],
      exposures: socialHistoryCategories.EXPOSURE.options.map((o, i) => ({
        id: 9100 + i,
        value: sct(o.code, o.display),
        recordedAt: at(4 + i),
        enteredByClinic: false,
        author: byPatient(4 + i),
      })),
    },
    encounters: range.map((i) => ({
      id: i + 1,
      externalId: `ENC-${i + 1}${odd(i)}`,
      dateOfService: new Date(base + i * 86_400_000),
      durationMinutes: 30,
      location:
        i % 2 === 0 ? { id: 1, name: `Clinic${odd(i)}`, address: null, phone: '(239) 555-0100' } : null,
      providers: [
        {
          id: 1,
          name: { given: ['Olivia'], family: `Bennett${odd(i)}`, prefix: null, suffix: null },
          displayName: `Olivia Bennett${odd(i)}, MD`,
          credentials: 'MD',
        },
      ],
      educationText: null,
    })),
  };
}
