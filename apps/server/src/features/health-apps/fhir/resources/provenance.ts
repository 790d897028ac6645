/** The US Core Provenance of each resource: who wrote the information (the patient or the practice) and when. */
import { fhirIds, fhirPatientId } from '../ids';
import type { FhirResource } from '../fhir-resource';
import { ref, type BuildContext, type BuiltResource } from './built';
import { instant, profile, systems } from './terminology';

export function buildProvenance(ctx: BuildContext, built: BuiltResource): FhirResource & { id: string } {
  const { resource } = built;
  const practice = ref('Organization', fhirIds.practice(ctx.practiceId));
  const who = built.author === 'patient' ? ref('Patient', fhirPatientId(ctx.patientId)) : practice;
  return {
    resourceType: 'Provenance',
    id: fhirIds.provenance(resource.resourceType, resource.id),
    meta: { lastUpdated: instant(built.recorded), profile: [profile('us-core-provenance')] },
    target: [ref(resource.resourceType, resource.id)],
    recorded: instant(built.recorded),
    agent: [
      {
        type: {
          coding: [{ system: systems.provenanceParticipant, code: 'author', display: 'Author' }],
        },
        who,
        ...(built.author === 'patient' ? {} : { onBehalfOf: practice }),
      },
      {
        type: {
          coding: [
            {
              system: 'http://hl7.org/fhir/us/core/CodeSystem/us-core-provenance-participant-type',
              code: 'transmitter',
              display: 'Transmitter',
            },
          ],
        },
        who: practice,
      },
    ],
  };
}
