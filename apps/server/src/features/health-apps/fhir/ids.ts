/**
 * Resource ids (decision 210): `<kind>-<database id>`, e.g. `allergy-12`, `rx-7`. Stable across
 * requests and releases, opaque to the app (it must not parse them), and never a bare row number that
 * could be tried for another patient: every read looks the id up among the resources built from the
 * granted patient's own record, so another patient's id is simply absent (404).
 */

/** The Patient resource id of a patient; the authorization server hands the same to the app as `patient`. */
export function fhirPatientId(patientId: number): string {
  return `patient-${patientId}`;
}

export const fhirIds = {
  practice: (id: number) => `practice-${id}`,
  clinic: (id: number) => `clinic-${id}`,
  provider: (id: number) => `provider-${id}`,
  providerRole: (id: number) => `provider-role-${id}`,
  careTeamMember: (id: number) => `team-member-${id}`,
  careTeamMemberRole: (id: number) => `team-member-role-${id}`,
  careTeam: (patientId: number) => `care-team-${patientId}`,
  allergy: (id: number) => `allergy-${id}`,
  problem: (id: number) => `problem-${id}`,
  medicationListEntry: (id: number) => `med-list-${id}`,
  prescription: (id: number) => `rx-${id}`,
  socialHistory: (id: number) => `social-${id}`,
  procedure: (id: number) => `surgery-${id}`,
  familyHistory: (id: number, relative: string) => `family-${id}-${relative.toLowerCase()}`,
  encounter: (id: number) => `visit-${id}`,
  coverage: (id: number) => `coverage-${id}`,
  payer: (id: number) => `payer-${id}`,
  document: (id: number) => `document-${id}`,
  visitDocument: (id: number) => `visit-document-${id}`,
  summary: (patientId: number) => `summary-${patientId}`,
  resultReport: (id: number) => `report-${id}`,
  resultObservation: (id: number) => `result-${id}`,
  /** One vital sign of a set by its LOINC code; blood pressure (two codes) is `bp`. */
  vitalSign: (setId: number, code: string) => `vitals-${setId}-${code}`,
  immunization: (id: number) => `immunization-${id}`,
  clinicalNote: (id: number) => `note-${id}`,
  /** The PDF of a note that also has text (the text is `note-<id>`). */
  clinicalNotePdf: (id: number) => `note-pdf-${id}`,
  carePlan: (patientId: number) => `care-plan-${patientId}`,
  goal: (id: number) => `goal-${id}`,
  healthConcern: (id: number) => `concern-${id}`,
  healthStatus: (id: number) => `health-status-${id}`,
  provenance: (type: string, id: string) => `prov-${type.toLowerCase()}-${id}`,
};

/** The FHIR id pattern (R4 datatypes: id). */
export const idPattern = /^[A-Za-z0-9\-.]{1,64}$/;
