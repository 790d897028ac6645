/** The US Core Patient (6.1.0) of a health record. */
import type { HealthRecord, RaceEthnicityCode } from '../../../../lib/health-record/health-record';
import { fhirPatientId } from '../ids';
import type { BuildContext, BuiltResource } from './built';
import { address, coding, humanName, instant, profile, systems, telecom } from './terminology';

const genderOf = {
  MALE: 'male',
  FEMALE: 'female',
  OTHER: 'other',
  UNKNOWN: 'unknown',
  UNDIFFERENTIATED: 'unknown',
};

/** The Gender Identity value set (US Core 6.1.0, SNOMED CT and null flavours). */
const genderIdentityOf = {
  MALE: { system: systems.snomed, code: '446151000124109', display: 'Identifies as male gender (finding)' },
  FEMALE: {
    system: systems.snomed,
    code: '446141000124107',
    display: 'Identifies as female gender (finding)',
  },
  FEMALE_TO_MALE: {
    system: systems.snomed,
    code: '407377005',
    display: 'Female-to-male transsexual (finding)',
  },
  MALE_TO_FEMALE: {
    system: systems.snomed,
    code: '407376001',
    display: 'Male-to-female transsexual (finding)',
  },
  GENDERQUEER: {
    system: systems.snomed,
    code: '446131000124102',
    display: 'Identifies as non-conforming gender (finding)',
  },
  OTHER: { system: systems.nullFlavor, code: 'OTH', display: 'other' },
  UNDISCLOSED: { system: systems.nullFlavor, code: 'ASKU', display: 'asked but unknown' },
} as const;

export function patientIdentifierSystem(practiceId: number): string {
  return `urn:dermis:practice:${practiceId}:patient`;
}

export function buildPatient(
  ctx: BuildContext,
  record: Pick<HealthRecord, 'patient'>,
  updatedAt: Date,
): BuiltResource {
  const p = record.patient;
  const extension: unknown[] = [];
  // Sex assigned at birth, as US Core's birthsex extension (F, M or UNK; left out when never given).
  if (p.birthSex) extension.push({ url: profile('us-core-birthsex'), valueCode: p.birthSex });
  const race = raceExtension('us-core-race', p.races, p.raceDeclined);
  if (race) extension.push(race);
  const ethnicity = raceExtension('us-core-ethnicity', p.ethnicities, p.ethnicityDeclined);
  if (ethnicity) extension.push(ethnicity);
  if (p.genderIdentity) {
    const code = genderIdentityOf[p.genderIdentity.value];
    extension.push({
      url: profile('us-core-genderIdentity'),
      valueCodeableConcept: {
        coding: [code],
        text:
          p.genderIdentity.value === 'OTHER' && p.genderIdentity.other
            ? p.genderIdentity.other
            : code.display,
      },
    });
  }
  const names = [humanName(p.name, 'official')];
  if (p.previousName) names.push({ use: 'old', text: p.previousName } as never);
  return {
    author: 'practice',
    recorded: updatedAt,
    resource: {
      resourceType: 'Patient',
      id: fhirPatientId(p.id),
      meta: { lastUpdated: instant(updatedAt), profile: [profile('us-core-patient')] },
      ...(extension.length > 0 ? { extension } : {}),
      identifier: [
        {
          use: 'usual',
          type: {
            coding: [{ system: systems.identifierType, code: 'MR', display: 'Medical record number' }],
          },
          system: patientIdentifierSystem(ctx.practiceId),
          value: p.externalId,
        },
      ],
      active: true,
      name: names,
      ...(p.telecoms.length > 0 ? { telecom: p.telecoms.map(telecom) } : {}),
      gender: genderOf[p.gender],
      birthDate: p.dateOfBirth,
      ...(p.deceased ? { deceasedBoolean: true } : {}),
      ...(p.addresses.length > 0 ? { address: p.addresses.map(address) } : {}),
      ...(p.maritalStatus
        ? { maritalStatus: { coding: [coding(p.maritalStatus)], text: p.maritalStatus.display } }
        : {}),
      ...(p.preferredLanguage
        ? {
            communication: [
              {
                language: {
                  coding: [
                    {
                      system: systems.bcp47,
                      code: p.preferredLanguage.code,
                      display: p.preferredLanguage.name,
                    },
                  ],
                  text: p.preferredLanguage.name,
                },
                preferred: true,
              },
            ],
          }
        : {}),
      managingOrganization: { reference: `Organization/practice-${ctx.practiceId}` },
    },
  };
}

/**
 * US Core race or ethnicity: OMB groups as `ombCategory`, finer codes as `detailed`, and the text
 * (required). A declined answer is the ASKU null flavour, which the OMB value sets allow.
 */
function raceExtension(
  name: 'us-core-race' | 'us-core-ethnicity',
  codes: RaceEthnicityCode[],
  declined: boolean,
) {
  const parts: unknown[] = [];
  for (const c of codes) {
    parts.push({
      url: c.ombGroup === null ? 'ombCategory' : 'detailed',
      valueCoding: { system: systems.cdcRace, code: c.code, display: c.display },
    });
  }
  if (parts.length === 0 && declined)
    parts.push({
      url: 'ombCategory',
      valueCoding: { system: systems.nullFlavor, code: 'ASKU', display: 'Asked but no answer' },
    });
  if (parts.length === 0) return null;
  const text = declined ? 'Declined to specify' : codes.map((c) => c.display).join(', ');
  parts.push({ url: 'text', valueString: text });
  return { url: profile(name), extension: parts };
}
