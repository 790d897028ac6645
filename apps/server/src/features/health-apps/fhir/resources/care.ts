/**
 * Who cares for the patient and where: the practice (Organization), its clinics (Location), the
 * providers of the visits and the patient's care team (Practitioner, PractitionerRole, CareTeam),
 * the visits (Encounter) and the insurance (Coverage with its payer Organization).
 */
import { en, insurancePolicyTypeCode } from '@dermis/contract';
import type { CareTeamMember, Encounter, HealthRecord } from '../../../../lib/health-record/health-record';
import { fhirIds, fhirPatientId } from '../ids';
import type { InsurancePolicyRow } from '../patient-data';
import { ref, type BuildContext, type BuiltResource } from './built';
import { address, coding, humanName, instant, profile, systems } from './terminology';

/** The practice's own identifier systems (no national identifier is held for the practice or its staff). */
export const localSystem = (practiceId: number, kind: 'organization' | 'provider' | 'clinic' | 'visit') =>
  `urn:dermis:practice:${practiceId}:${kind}`;

export function buildPractice(
  ctx: BuildContext,
  record: Pick<HealthRecord, 'practice'>,
  updatedAt: Date,
): BuiltResource {
  const practice = record.practice;
  return {
    author: 'practice',
    recorded: updatedAt,
    resource: {
      resourceType: 'Organization',
      id: fhirIds.practice(practice.id),
      meta: { lastUpdated: instant(updatedAt), profile: [profile('us-core-organization')] },
      identifier: [{ system: localSystem(ctx.practiceId, 'organization'), value: String(practice.id) }],
      active: true,
      type: [
        {
          coding: [
            {
              system: 'http://terminology.hl7.org/CodeSystem/organization-type',
              code: 'prov',
              display: 'Healthcare Provider',
            },
          ],
        },
      ],
      name: practice.name,
      ...(practice.phone ? { telecom: [{ system: 'phone', value: practice.phone, use: 'work' }] } : {}),
      ...(practice.address ? { address: [address(practice.address)] } : {}),
    },
  };
}

export function buildLocation(ctx: BuildContext, e: Encounter, updatedAt: Date): BuiltResource | null {
  const place = e.location;
  if (!place) return null;
  return {
    author: 'practice',
    recorded: updatedAt,
    resource: {
      resourceType: 'Location',
      id: fhirIds.clinic(place.id),
      meta: { lastUpdated: instant(updatedAt), profile: [profile('us-core-location')] },
      identifier: [{ system: localSystem(ctx.practiceId, 'clinic'), value: String(place.id) }],
      status: 'active',
      name: place.name,
      ...(place.phone ? { telecom: [{ system: 'phone', value: place.phone, use: 'work' }] } : {}),
      ...(place.address ? { address: address(place.address) } : {}),
      managingOrganization: ref('Organization', fhirIds.practice(ctx.practiceId)),
    },
  };
}

/**
 * A visit's provider: the Practitioner, and their role at the practice with the practice's phone as
 * the way to reach them (US Core PractitionerRole needs contact details, pd-1); no role without one.
 */
export function buildEncounterProvider(
  ctx: BuildContext,
  p: Encounter['providers'][number],
  practicePhone: string | null,
  updatedAt: Date,
): BuiltResource[] {
  const practitionerId = fhirIds.provider(p.id);
  const built: BuiltResource[] = [
    {
      author: 'practice',
      recorded: updatedAt,
      resource: {
        resourceType: 'Practitioner',
        id: practitionerId,
        meta: { lastUpdated: instant(updatedAt), profile: [profile('us-core-practitioner')] },
        identifier: [{ system: localSystem(ctx.practiceId, 'provider'), value: String(p.id) }],
        active: true,
        name: [
          {
            ...humanName(p.name),
            ...(p.credentials ? { suffix: [p.credentials] } : {}),
            text: p.displayName,
          },
        ],
      },
    },
  ];
  if (practicePhone)
    built.push({
      author: 'practice',
      recorded: updatedAt,
      resource: {
        resourceType: 'PractitionerRole',
        id: fhirIds.providerRole(p.id),
        meta: { lastUpdated: instant(updatedAt), profile: [profile('us-core-practitionerrole')] },
        active: true,
        practitioner: ref('Practitioner', practitionerId, p.displayName),
        organization: ref('Organization', fhirIds.practice(ctx.practiceId)),
        code: [
          {
            coding: [
              {
                system: 'http://terminology.hl7.org/CodeSystem/practitioner-role',
                code: 'doctor',
                display: 'Doctor',
              },
            ],
          },
        ],
        telecom: [{ system: 'phone', value: practicePhone, use: 'work' }],
      },
    });
  return built;
}

export function buildCareTeamMember(ctx: BuildContext, m: CareTeamMember, updatedAt: Date): BuiltResource[] {
  const practitionerId = fhirIds.careTeamMember(m.id);
  const identifier = m.npi
    ? { system: systems.npi, value: m.npi }
    : { system: localSystem(ctx.practiceId, 'provider'), value: `team-${m.id}` };
  const specialty = m.specialty
    ? [{ coding: [coding(m.specialty)], text: m.specialtyText ?? m.specialty.display }]
    : m.specialtyText
      ? [{ text: m.specialtyText }]
      : [];
  const built: BuiltResource[] = [
    {
      author: 'patient',
      recorded: updatedAt,
      resource: {
        resourceType: 'Practitioner',
        id: practitionerId,
        meta: { lastUpdated: instant(updatedAt), profile: [profile('us-core-practitioner')] },
        identifier: [identifier],
        active: true,
        name: [
          { ...humanName(m.name), ...(m.credential ? { suffix: [m.credential] } : {}), text: m.displayName },
        ],
        ...(m.phone ? { telecom: [{ system: 'phone', value: m.phone, use: 'work' }] } : {}),
        ...(m.address ? { address: [address(m.address)] } : {}),
      },
    },
  ];
  // US Core PractitionerRole needs a way to reach the person (pd-1): only with the directory's phone.
  if (m.phone)
    built.push({
      author: 'patient',
      recorded: updatedAt,
      resource: {
        resourceType: 'PractitionerRole',
        id: fhirIds.careTeamMemberRole(m.id),
        meta: { lastUpdated: instant(updatedAt), profile: [profile('us-core-practitionerrole')] },
        active: true,
        practitioner: ref('Practitioner', practitionerId, m.displayName),
        ...(specialty.length > 0 ? { specialty } : {}),
        telecom: [{ system: 'phone', value: m.phone, use: 'work' }],
      },
    });
  return built;
}

export function buildCareTeam(
  ctx: BuildContext,
  team: CareTeamMember[],
  updatedAt: Date,
): BuiltResource | null {
  if (team.length === 0) return null;
  return {
    author: 'patient',
    recorded: updatedAt,
    resource: {
      resourceType: 'CareTeam',
      id: fhirIds.careTeam(ctx.patientId),
      meta: { lastUpdated: instant(updatedAt), profile: [profile('us-core-careteam')] },
      status: 'active',
      name: 'My care team',
      subject: ref('Patient', fhirPatientId(ctx.patientId)),
      participant: team.map((m) => ({
        role: [
          m.specialty
            ? { coding: [coding(m.specialty)], text: m.specialtyText ?? m.specialty.display }
            : {
                coding: [{ system: systems.snomed, code: '223366009', display: 'Healthcare professional' }],
                text: m.specialtyText ?? 'Healthcare professional',
              },
        ],
        member: m.phone
          ? ref('PractitionerRole', fhirIds.careTeamMemberRole(m.id), m.displayName)
          : ref('Practitioner', fhirIds.careTeamMember(m.id), m.displayName),
      })),
    },
  };
}

export function buildEncounter(ctx: BuildContext, e: Encounter): BuiltResource {
  const end = new Date(e.dateOfService.getTime() + e.durationMinutes * 60_000);
  return {
    author: 'practice',
    recorded: e.dateOfService,
    resource: {
      resourceType: 'Encounter',
      id: fhirIds.encounter(e.id),
      meta: { lastUpdated: instant(e.dateOfService), profile: [profile('us-core-encounter')] },
      identifier: [{ system: localSystem(ctx.practiceId, 'visit'), value: e.externalId }],
      status: 'finished',
      class: { system: systems.actCode, code: 'AMB', display: 'ambulatory' },
      // The practice sends no visit type: every visit is an office visit (decision 212).
      type: [
        {
          coding: [
            { system: systems.snomed, code: '185349003', display: 'Encounter for check up (procedure)' },
          ],
          text: 'Office visit',
        },
      ],
      subject: ref('Patient', fhirPatientId(ctx.patientId)),
      ...(e.providers.length > 0
        ? {
            participant: e.providers.map((p) => ({
              type: [
                {
                  coding: [{ system: systems.participationType, code: 'PPRF', display: 'primary performer' }],
                },
              ],
              period: { start: instant(e.dateOfService), end: instant(end) },
              individual: ref('Practitioner', fhirIds.provider(p.id), p.displayName),
            })),
          }
        : {}),
      period: { start: instant(e.dateOfService), end: instant(end) },
      ...(e.location
        ? { location: [{ location: ref('Location', fhirIds.clinic(e.location.id), e.location.name) }] }
        : {}),
      serviceProvider: ref('Organization', fhirIds.practice(ctx.practiceId)),
    },
  };
}

const relationshipOf: Record<string, { code: string; display: string }> = {
  SELF: { code: 'self', display: 'Self' },
  SPOUSE: { code: 'spouse', display: 'Spouse' },
  CHILD: { code: 'child', display: 'Child' },
  PARENT: { code: 'parent', display: 'Parent' },
  LIFE_PARTNER: { code: 'common', display: 'Common Law Spouse' },
};

export function buildCoverage(ctx: BuildContext, c: InsurancePolicyRow): BuiltResource[] {
  const payerId = fhirIds.payer(c.id);
  const relationship = relationshipOf[(c.relationship ?? 'SELF').toUpperCase()] ?? {
    code: 'other',
    display: 'Other',
  };
  const terminated = c.dateTerminated !== null && c.dateTerminated <= new Date().toISOString().slice(0, 10);
  const period =
    c.validFrom || c.validThrough || c.dateTerminated
      ? {
          period: {
            ...(c.validFrom ? { start: c.validFrom } : {}),
            ...((c.dateTerminated ?? c.validThrough) ? { end: (c.dateTerminated ?? c.validThrough)! } : {}),
          },
        }
      : {};
  return [
    {
      author: 'practice',
      recorded: c.profileUpdatedAt,
      resource: {
        resourceType: 'Organization',
        id: payerId,
        meta: { lastUpdated: instant(c.profileUpdatedAt), profile: [profile('us-core-organization')] },
        identifier: [{ system: localSystem(ctx.practiceId, 'organization'), value: `payer-${c.id}` }],
        active: true,
        type: [
          {
            coding: [
              {
                system: 'http://terminology.hl7.org/CodeSystem/organization-type',
                code: 'pay',
                display: 'Payer',
              },
            ],
          },
        ],
        name: c.companyName,
      },
    },
    {
      author: 'practice',
      recorded: c.profileUpdatedAt,
      resource: {
        resourceType: 'Coverage',
        id: fhirIds.coverage(c.id),
        meta: { lastUpdated: instant(c.profileUpdatedAt), profile: [profile('us-core-coverage')] },
        ...(c.memberNumber
          ? {
              identifier: [
                {
                  type: {
                    coding: [{ system: systems.identifierType, code: 'MB', display: 'Member Number' }],
                  },
                  system: localSystem(ctx.practiceId, 'organization'),
                  value: c.memberNumber,
                },
              ],
            }
          : {}),
        status: terminated ? 'cancelled' : 'active',
        type: {
          text: en[`insurance.policyType.${insurancePolicyTypeCode.catch('UNDEFINED').parse(c.policyType)}`],
        },
        ...(c.memberNumber ? { subscriberId: c.memberNumber } : {}),
        beneficiary: ref('Patient', fhirPatientId(ctx.patientId)),
        relationship: {
          coding: [{ system: systems.subscriberRelationship, ...relationship }],
        },
        ...period,
        payor: [ref('Organization', payerId, c.companyName)],
        ...(c.groupName
          ? {
              class: [
                {
                  type: { coding: [{ system: systems.coverageClass, code: 'group', display: 'Group' }] },
                  value: c.groupName,
                  name: c.groupName,
                },
              ],
            }
          : {}),
      },
    },
  ];
}
