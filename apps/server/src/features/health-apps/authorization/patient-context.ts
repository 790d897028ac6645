/**
 * The FHIR Patient id of a patient, as the token response's `patient` and the id token's `fhirUser`
 * name it. It must equal the FHIR API's (fhir/ids.ts `fhirPatientId`): `patient-<database id>`.
 */
export function smartPatientId(patientId: number): string {
  return `patient-${patientId}`;
}
