/**
 * The JSON of a FHIR resource as this API builds it. Kept loose on purpose: the US Core validator in
 * the tests (fhir.validation.test.ts) is what proves each resource's shape, not the compiler.
 */
export interface FhirResource {
  resourceType: string;
  id?: string;
  meta?: { lastUpdated?: string; profile?: string[] };
  [element: string]: unknown;
}

export interface Coding {
  system?: string;
  code?: string;
  display?: string;
}

export interface CodeableConcept {
  coding?: Coding[];
  text?: string;
}

export interface Reference {
  reference?: string;
  display?: string;
}
