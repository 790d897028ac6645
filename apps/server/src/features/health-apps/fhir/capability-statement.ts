/**
 * GET [base]/metadata: what this server does, written from the same tables the routes use
 * (search-params.ts, the profiles of resources/), so it lists exactly what works. The SMART security
 * extension names the authorization server's endpoints (health-apps/authorization/endpoints.ts).
 */
import { oauthEndpoints } from '../authorization/endpoints';
import type { FhirResource } from './fhir-resource';
import { searchParams } from './search-params';
import { profile } from './resources/terminology';

/** The US Core profiles each type's resources claim (Observation: the two this server makes). */
export const supportedProfiles: Readonly<Record<string, string[]>> = {
  Patient: [profile('us-core-patient')],
  AllergyIntolerance: [profile('us-core-allergyintolerance')],
  Condition: [profile('us-core-condition-problems-health-concerns')],
  MedicationRequest: [profile('us-core-medicationrequest')],
  Observation: [profile('us-core-smokingstatus'), profile('us-core-simple-observation')],
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

const searchParamDefinition = (type: string, name: string) =>
  name === 'patient' && type !== 'Patient'
    ? `http://hl7.org/fhir/us/core/SearchParameter/us-core-${type.toLowerCase()}-patient`
    : `http://hl7.org/fhir/SearchParameter/${type}-${name}`;

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
      { name: '_id', definition: `http://hl7.org/fhir/SearchParameter/Resource-id`, type: 'token' },
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
