import { describe, expect, it } from 'vitest';
import {
  allergyItemInput,
  allergyReactions,
  codeItemInput,
  conceptItemInput,
  medicationItemInput,
  attributeIdOf,
  codeDisplay,
  defaultDiscontinuationReason,
  discontinuationReasons,
  familyRelations,
  historyCodeKey,
  historySection,
  historyStatuses,
  negativeItems,
  savePatientSubjectiveItemsRequest,
  socialHistoryCategories,
  socialHistoryCodes,
  templateIdBySection,
  toMedicationView,
} from './health-profile';
import { en, type MessageKey } from './i18n/en';

const allFixed = [
  ...historyStatuses,
  ...allergyReactions,
  ...discontinuationReasons,
  ...familyRelations.PRIMARY,
  ...familyRelations.SECONDARY,
  ...familyRelations.TERTIARY,
  ...Object.values(socialHistoryCategories).flatMap((c) => c.options),
  ...negativeItems,
];

describe('the fixed coded lists of spec 001 §3', () => {
  it('have the counts of the spec', () => {
    expect(allergyReactions).toHaveLength(15);
    expect(allergyReactions.map((r) => r.display)).toEqual(
      expect.arrayContaining(['Anaphylaxis', 'Hives', 'Other']),
    );
    expect(discontinuationReasons).toHaveLength(18);
    expect(discontinuationReasons.map((r) => r.code)).toContain(defaultDiscontinuationReason);
    expect(Object.keys(familyRelations)).toEqual(['PRIMARY', 'SECONDARY', 'TERTIARY']);
  });

  it('carry the special social-history codes', () => {
    expect(socialHistoryCategories.ALCOHOL.exclusiveOptions).toEqual([socialHistoryCodes.alcoholNegative]);
    const drugCodes = socialHistoryCategories.DRUG.options.map((o) => o.code);
    expect(drugCodes).toEqual(expect.arrayContaining(['361055000', '_no_361055000']));
  });

  it('name each fixed negative item of the spec', () => {
    expect(new Set(negativeItems.map((n) => n.display))).toEqual(
      new Set([
        'No known allergies',
        'No medical history',
        'No known medications',
        'No history of procedure',
        'No significant family history',
        'Unknown',
        'Does not misuse drugs',
      ]),
    );
  });

  it('have unique codes within each list and one English catalog text per code, equal to the display', () => {
    const lists = [
      allergyReactions,
      discontinuationReasons,
      [...familyRelations.PRIMARY, ...familyRelations.SECONDARY, ...familyRelations.TERTIARY],
      ...Object.values(socialHistoryCategories).map((c) => c.options),
      negativeItems,
    ];
    for (const list of lists) {
      const codes = list.map((entry) => entry.code);
      expect(new Set(codes).size).toBe(codes.length);
    }
    for (const entry of allFixed) {
      expect(en[historyCodeKey(entry.code) as MessageKey]).toBe(entry.display);
      expect(codeDisplay(entry.code)).toBeDefined();
    }
  });

  it('give every section its own template and attribute ids', () => {
    const ids = historySection.options.map((s) => templateIdBySection[s]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(attributeIdOf('ALLERGIES', 3)).toBe(13);
  });
});

describe('savePatientSubjectiveItemsRequest', () => {
  it('fills defaults and refuses an unknown section', () => {
    const parsed = savePatientSubjectiveItemsRequest.parse({
      type: 'HISTORY',
      patientId: 1,
      items: [{ sectionId: 'ALLERGIES', attributes: [{ order: 1, values: [{ value: '7980' }] }] }],
    });
    expect(parsed.generateResult).toBe(true);
    expect(parsed.items[0]).toMatchObject({ active: true, specialType: null });
    expect(
      savePatientSubjectiveItemsRequest.safeParse({
        type: 'HISTORY',
        patientId: 1,
        items: [],
        sections: ['X'],
      }).success,
    ).toBe(false);
  });
});

describe('toMedicationView', () => {
  it('reads a discontinued medication with its reason', () => {
    const view = toMedicationView({
      id: 5,
      active: false,
      templateId: 2,
      sectionId: 'MEDICATIONS',
      primaryAttributeValue: '1311629',
      specialType: null,
      dateModified: '2026-01-01T00:00:00.000Z',
      enteredByClinic: false,
      attributes: [
        {
          attributeId: 21,
          order: 1,
          values: [{ value: '1311629', description: 'Doxycycline', customValue: 'IN' }],
        },
        {
          attributeId: 23,
          order: 3,
          values: [{ value: '182864000', description: 'Drug not taken - side-effects', customValue: null }],
        },
      ],
    });
    expect(view).toMatchObject({ name: 'Doxycycline', discontinued: true, showOnActiveFilter: false });
    expect(view.discontinuationReason?.code).toBe('182864000');
  });
});

describe('the item builders', () => {
  it('make items the save request accepts', () => {
    const items = [
      allergyItemInput({ id: '7980', description: 'Penicillin G', typeInt: 1 }, ['247472004']),
      medicationItemInput({ drugNameId: '6064', name: 'Isotretinoin', conceptType: 'IN' }, '182864000', 4),
      conceptItemInput('FAMILY_HISTORY', { conceptId: '372244006', preferredTerm: 'Melanoma' }, ['MTH']),
      codeItemInput('DRUG', '_no_361055000', 'DENIES'),
    ];
    const parsed = savePatientSubjectiveItemsRequest.parse({ type: 'HISTORY', patientId: 3, items });
    expect(parsed.items[1]).toMatchObject({ id: 4, active: false });
    expect(parsed.items[0]!.attributes[0]!.values[0]).toEqual({
      value: '7980',
      description: 'Penicillin G',
      customValue: '1',
    });
  });
});

describe('dates of the clinical feed', () => {
  it('refuse days the database cannot store', async () => {
    const { upsertPrescriptionRequest } = await import('./prescriptions');
    const { upsertEncounterRequest } = await import('./appointments');
    const rx = { patientExternalId: 'P', fdbId: '1', fdbDescription: 'X' };
    expect(upsertPrescriptionRequest.safeParse({ ...rx, dateWritten: '2026-02-30' }).success).toBe(false);
    // Found by the fuzz test: a value the format refuses must not reach the date check and throw.
    expect(upsertPrescriptionRequest.safeParse({ ...rx, dateWritten: '2147483648' }).success).toBe(false);
    expect(upsertPrescriptionRequest.safeParse({ ...rx, dateWritten: '2028-02-29' }).success).toBe(true);
    const visit = { patientExternalId: 'P' };
    expect(
      upsertEncounterRequest.safeParse({ ...visit, dateOfService: '0000-01-01T00:00:00Z' }).success,
    ).toBe(false);
    expect(
      upsertEncounterRequest.safeParse({ ...visit, dateOfService: '2030-01-01T10:00:00-05:00' }).success,
    ).toBe(true);
  });
});
