import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../lib/i18n';
import { inReadingOrder, resourceTypeText, resourceTypesText } from './resource-types';

describe('resourceTypeText', () => {
  afterEach(() => setLanguage('en', { remember: false }));

  it('names the types an app asks for in plain words, in the UI language', async () => {
    expect(resourceTypeText('AllergyIntolerance')).toBe('Allergies');
    expect(resourceTypesText(['MedicationRequest', 'Observation'])).toBe(
      'Medications, Test results, vital signs and smoking status',
    );
    await setLanguage('es', { remember: false });
    expect(resourceTypeText('AllergyIntolerance')).toBe('Alergias');
  });

  it('shows a type it has no words for by its FHIR name, never hiding it', () => {
    expect(resourceTypeText('Specimen')).toBe('Specimen');
    expect(resourceTypeText('constructor')).toBe('constructor');
  });
});

describe('inReadingOrder', () => {
  it('puts the person first and the sources last, unknown types after, in the order given', () => {
    expect(
      inReadingOrder([
        'Provenance',
        'Specimen',
        'CareTeam',
        'Observation',
        'Patient',
        'Basic',
        'AllergyIntolerance',
      ]),
    ).toEqual([
      'Patient',
      'AllergyIntolerance',
      'Observation',
      'CareTeam',
      'Provenance',
      'Specimen',
      'Basic',
    ]);
  });
});
