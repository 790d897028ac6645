/**
 * GET [base]/metadata: what this server does, written from the same tables the routes use
 * (search-params.ts, the profiles of resources/), so it lists exactly what works. The SMART security
 * extension names the authorization server's endpoints (health-apps/authorization/endpoints.ts).
 */
import { oauthEndpoints } from '../authorization/endpoints';
import type { FhirResource } from './fhir-resource';
import { searchParams } from './search-params';
import { profile } from './resources/terminology';

/** The US Core profiles each type's resources claim (Observation: those this server makes). */
export const supportedProfiles: Readonly<Record<string, string[]>> = {
  Patient: [profile('us-core-patient')],
  AllergyIntolerance: [profile('us-core-allergyintolerance')],
  Condition: [profile('us-core-condition-problems-health-concerns')],
  MedicationRequest: [profile('us-core-medicationrequest')],
  Observation: [
    profile('us-core-smokingstatus'),
    profile('us-core-simple-observation'),
    profile('us-core-observation-lab'),
    profile('us-core-vital-signs'),
    profile('us-core-blood-pressure'),
    profile('us-core-heart-rate'),
    profile('us-core-respiratory-rate'),
    profile('us-core-body-temperature'),
    profile('us-core-body-height'),
    profile('us-core-body-weight'),
    profile('us-core-bmi'),
    profile('us-core-pulse-oximetry'),
  ],
  DiagnosticReport: [profile('us-core-diagnosticreport-lab')],
  Immunization: [profile('us-core-immunization')],
  CarePlan: [profile('us-core-careplan')],
  Goal: [profile('us-core-goal')],
  Procedure: [profile('us-core-procedure')],
  FamilyMemberHistory: [],
  Encounter: [profile('us-core-encounter')],
  CareTeam: [profile('us-core-careteam')],
  Coverage: [profile('us-core-coverage')],
  DocumentReference: [profile('us-core-documentreference')],
  Practitioner: [profile('us-core-practitioner')],
  PractitionerRole: [profile('us-core-practitionerrole')],
  Organization: [profile('us-core-organization')],
  Location: [profile('us-core-location')],
  Provenance: [profile('us-core-provenance')],
};

/** The search parameters US Core 6.1.0 defines itself (SearchParameter-us-core-<type>-<name>). */
const usCoreSearchParams = new Set(
  [
    'allergyintolerance-clinical-status allergyintolerance-patient careteam-patient careteam-status',
    'condition-category condition-clinical-status condition-code condition-patient condition-recorded-date',
    'condition-onset-date diagnosticreport-patient diagnosticreport-category diagnosticreport-code',
    'diagnosticreport-date diagnosticreport-status immunization-patient immunization-date immunization-status',
    'careplan-patient careplan-category careplan-date careplan-status goal-patient goal-lifecycle-status',
    'goal-target-date',
    'coverage-patient documentreference-category documentreference-date documentreference-id',
    'documentreference-patient documentreference-status documentreference-type encounter-class',
    'encounter-date encounter-id encounter-identifier encounter-patient encounter-status encounter-type',
    'location-address location-name medicationrequest-authoredon medicationrequest-intent',
    'medicationrequest-patient medicationrequest-status observation-category observation-code',
    'observation-date observation-patient observation-status organization-address organization-name',
    'patient-birthdate patient-family patient-gender patient-given patient-id patient-identifier',
    'patient-name practitioner-id practitioner-identifier practitioner-name',
    'practitionerrole-practitioner practitionerrole-specialty procedure-code procedure-date',
    'procedure-patient procedure-status',
  ]
    .join(' ')
    .split(' '),
);

/** FHIR R4's own definitions of the few parameters US Core does not define. */
const baseSearchParams: Readonly<Record<string, string>> = {
  'FamilyMemberHistory-patient': 'clinical-patient',
  'FamilyMemberHistory-code': 'clinical-code',
  'FamilyMemberHistory-relationship': 'FamilyMemberHistory-relationship',
  'Provenance-target': 'Provenance-target',
  _id: 'Resource-id',
};

function searchParamDefinition(type: string, name: string): string {
  const key = `${type.toLowerCase()}-${name === '_id' ? 'id' : name}`;
  if (usCoreSearchParams.has(key)) return `http://hl7.org/fhir/us/core/SearchParameter/us-core-${key}`;
  const base = baseSearchParams[`${type}-${name}`] ?? baseSearchParams[name] ?? `${type}-${name}`;
  return `http://hl7.org/fhir/SearchParameter/${base}`;
}

export function capabilityStatement(
  base: string,
  publicOrigin: string,
  software: { version: string },
): FhirResource {
  const oauth = oauthEndpoints(publicOrigin);
  const resources = Object.entries(searchParams).map(([type, params]) => ({
    type,
    ...(supportedProfiles[type]?.length ? { supportedProfile: supportedProfiles[type] } : {}),
    interaction: [{ code: 'read' }, { code: 'search-type' }],
    versioning: 'no-version',
    readHistory: false,
    updateCreate: false,
    conditionalCreate: false,
    conditionalRead: 'not-supported',
    conditionalUpdate: false,
    conditionalDelete: 'not-supported',
    referencePolicy: ['literal', 'local'],
    ...(type !== 'Provenance' ? { searchRevInclude: ['Provenance:target'] } : {}),
    searchParam: [
      { name: '_id', definition: searchParamDefinition(type, '_id'), type: 'token' },
      ...params.map((p) => ({ name: p.name, definition: searchParamDefinition(type, p.name), type: p.type })),
    ],
  }));
  resources.push({
    type: 'Binary',
    interaction: [{ code: 'read' }],
    versioning: 'no-version',
    readHistory: false,
    updateCreate: false,
    conditionalCreate: false,
    conditionalRead: 'not-supported',
    conditionalUpdate: false,
    conditionalDelete: 'not-supported',
    referencePolicy: ['literal', 'local'],
    searchParam: [],
  });
  return {
    resourceType: 'CapabilityStatement',
    status: 'active',
    date: '2026-11-29',
    publisher: 'Dermis',
    kind: 'instance',
    instantiates: ['http://hl7.org/fhir/us/core/CapabilityStatement/us-core-server'],
    software: { name: 'Dermis', version: software.version },
    implementation: { description: 'Dermis patient portal: FHIR R4 US Core API (read-only)', url: base },
    fhirVersion: '4.0.1',
    format: ['json'],
    patchFormat: [],
    implementationGuide: ['http://hl7.org/fhir/us/core/ImplementationGuide/hl7.fhir.us.core|6.1.0'],
    rest: [
      {
        mode: 'server',
        security: {
          extension: [
            {
              url: 'http://fhir-registry.smarthealthit.org/StructureDefinition/oauth-uris',
              extension: [
                { url: 'authorize', valueUri: oauth.authorize },
                { url: 'token', valueUri: oauth.token },
                { url: 'revoke', valueUri: oauth.revoke },
                { url: 'introspect', valueUri: oauth.introspect },
                { url: 'register', valueUri: oauth.register },
              ],
            },
          ],
          cors: true,
          service: [
            {
              coding: [
                {
                  system: 'http://terminology.hl7.org/CodeSystem/restful-security-service',
                  code: 'SMART-on-FHIR',
                  display: 'SMART-on-FHIR',
                },
              ],
              text: 'OAuth2 using SMART-on-FHIR profile (see http://docs.smarthealthit.org)',
            },
          ],
          description:
            'Every call but metadata needs a bearer token from the SMART App Launch authorization server.',
        },
        resource: resources,
        interaction: [],
      },
    ],
  };
}
