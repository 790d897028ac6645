import { isMessageKey, t } from '../../lib/i18n';

/**
 * A FHIR resource type in plain words ('Observation' → 'Test results, vital signs and smoking
 * status'). A type the catalog does not know yet is shown by its FHIR name rather than hidden: the
 * patient must see everything an app may read.
 */
export function resourceTypeText(type: string): string {
  const key = `connectedApps.resource.${type}`;
  return isMessageKey(key) ? t(key) : type;
}

/** The plain names of several types, for one line of a list or a card. */
export function resourceTypesText(types: readonly string[]): string {
  return types.map(resourceTypeText).join(', ');
}

/**
 * The order a patient reads the kinds of information in: the person, then the clinical record, then
 * visits and documents, then who and where, then the record's sources. The server's order follows
 * its scopes, which reads as random; a type not listed here comes last, in the server's order.
 */
const readingOrder = [
  'Patient',
  'AllergyIntolerance',
  'Condition',
  'MedicationRequest',
  'MedicationStatement',
  'Observation',
  'DiagnosticReport',
  'Procedure',
  'Immunization',
  'FamilyMemberHistory',
  'CarePlan',
  'Goal',
  'Device',
  'Encounter',
  'DocumentReference',
  'Coverage',
  'CareTeam',
  'RelatedPerson',
  'Practitioner',
  'PractitionerRole',
  'Organization',
  'Location',
  'Provenance',
];

export function inReadingOrder(types: readonly string[]): string[] {
  const rank = (type: string) => {
    const index = readingOrder.indexOf(type);
    return index === -1 ? readingOrder.length : index;
  };
  // Array.prototype.sort is stable: unlisted types keep the server's order among themselves.
  return [...types].sort((a, b) => rank(a) - rank(b));
}
