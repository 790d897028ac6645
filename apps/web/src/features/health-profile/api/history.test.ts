import { describe, expect, it } from 'vitest';
import type { HistorySection, PatientSubjectiveItemsResponse, SubjectiveItem } from '@dermis/contract';
import { partOf } from './history';

const item = (id: number, sectionId: HistorySection): SubjectiveItem => ({
  id,
  active: true,
  templateId: 1,
  sectionId,
  primaryAttributeValue: `C${id}`,
  specialType: null,
  attributes: [],
  dateModified: '2026-11-29T00:00:00.000Z',
  enteredByClinic: false,
});

// A saved answer in the server's order: each section as entered.
const saved: PatientSubjectiveItemsResponse = {
  patientId: 1,
  type: 'HISTORY',
  templates: [],
  items: [
    ...[1, 2, 3, 4].map((id) => item(id, 'ALLERGIES')),
    item(5, 'SURGICAL_HISTORY'),
    ...[6, 7, 8].map((id) => item(id, 'EXPOSURE')),
  ],
};

describe('partOf: a saved answer as a limited or one-list read answers it', () => {
  it('keeps the newest of each list in order, social history whole, and counts every list', () => {
    const part = partOf(saved, { limit: 2 });
    expect(part.items.map((i) => i.id)).toEqual([3, 4, 5, 6, 7, 8]);
    expect(part.totals).toEqual({
      ALLERGIES: 4,
      MEDICATIONS: 0,
      PAST_MEDICAL_HISTORY: 0,
      FAMILY_HISTORY: 0,
      SURGICAL_HISTORY: 1,
    });
  });

  it('keeps one list whole', () => {
    expect(partOf(saved, { section: 'ALLERGIES' }).items.map((i) => i.id)).toEqual([1, 2, 3, 4]);
  });
});
