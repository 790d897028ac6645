import type { FhirResource } from '../fhir-resource';
import { fhirIds } from '../ids';

/** A resource with what its Provenance says: who wrote the information and when. */
export interface BuiltResource {
  resource: FhirResource & { id: string };
  /** The patient (entered it in the portal) or the practice (its systems sent it, or it is the practice's). */
  author: 'patient' | 'practice';
  recorded: Date;
}

/** What every builder needs: whose record it is and where the FHIR base is. */
export interface BuildContext {
  patientId: number;
  practiceId: number;
  /** The absolute FHIR base URL, without a trailing slash. */
  base: string;
}

export const ref = (type: string, id: string, display?: string) => ({
  reference: `${type}/${id}`,
  ...(display ? { display } : {}),
});

/** The visit reference when the visit is among the Encounters served (a future one is not). */
export function encounterOf(encounterId: number | null, visits: ReadonlySet<number>) {
  return encounterId !== null && visits.has(encounterId)
    ? { encounter: ref('Encounter', fhirIds.encounter(encounterId)) }
    : {};
}
