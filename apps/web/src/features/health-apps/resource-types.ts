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
