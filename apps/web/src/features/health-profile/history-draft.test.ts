import { describe, expect, it } from 'vitest';
import type { SubjectiveItem } from '@dermis/contract';
import {
  findDuplicate,
  fromItem,
  newDraft,
  socialInputs,
  socialSelection,
  toggleNegative,
  toggleSocial,
  toInput,
  withAdded,
  type SocialSelection,
} from './history-draft';

const penicillin: SubjectiveItem = {
  id: 7,
  active: true,
  templateId: 1,
  sectionId: 'ALLERGIES',
  primaryAttributeValue: '7980',
  specialType: null,
  dateModified: '2026-01-01T00:00:00.000Z',
  enteredByClinic: false,
  attributes: [
    { attributeId: 11, order: 1, values: [{ value: '7980', description: 'Penicillin G', customValue: '1' }] },
    {
      attributeId: 12,
      order: 2,
      values: [{ value: 'KNOWN_PRESENT', description: 'Known present', customValue: null }],
    },
    { attributeId: 13, order: 3, values: [{ value: '247472004', description: 'Hives', customValue: null }] },
  ],
};

describe('history drafts', () => {
  it('reads an item and writes it back with its id, status and reactions', () => {
    const draft = fromItem(penicillin);
    expect(draft).toMatchObject({ id: 7, code: '7980', name: 'Penicillin G', customValue: '1' });
    expect(draft.details).toEqual([{ code: '247472004', name: 'Hives' }]);
    expect(toInput(draft)).toEqual({
      id: 7,
      active: true,
      sectionId: 'ALLERGIES',
      specialType: null,
      attributes: [
        { order: 1, values: [{ value: '7980', description: 'Penicillin G', customValue: '1' }] },
        { order: 2, values: [{ value: 'KNOWN_PRESENT', description: 'Known present' }] },
        { order: 3, values: [{ value: '247472004', description: 'Hives' }] },
      ],
    });
  });

  it('finds a duplicate by name, ignoring case and spaces; a discontinued medication is no duplicate', () => {
    const list = [fromItem(penicillin)];
    expect(findDuplicate(list, '  penicillin   g ')).toBeDefined();
    expect(findDuplicate(list, 'Latex')).toBeUndefined();
    const stopped = {
      ...newDraft('MEDICATIONS', { key: '1', label: 'Doxycycline', customValue: 'IN' }),
      active: false,
    };
    expect(findDuplicate([stopped], 'Doxycycline')).toBeUndefined();
  });

  it('a negative clears the other selections and a real item clears the negatives', () => {
    const list = [fromItem(penicillin)];
    const negative = toggleNegative(list, 'ALLERGIES', '716186003');
    expect('list' in negative && negative.list.map((d) => [d.code, d.specialType])).toEqual([
      ['716186003', 'DENIES'],
    ]);
    if (!('list' in negative)) return;
    const unknown = toggleNegative(negative.list, 'ALLERGIES', '_unknown_ALLERGIES');
    expect('list' in unknown && unknown.list.map((d) => d.code)).toEqual(['_unknown_ALLERGIES']);
    const added = withAdded(
      negative.list,
      newDraft('ALLERGIES', { key: '1', label: 'Latex', customValue: '4' }),
    );
    expect(added.map((d) => d.name)).toEqual(['Latex']);
    const off = toggleNegative(negative.list, 'ALLERGIES', '716186003');
    expect('list' in off && off.list).toEqual([]);
  });

  it('refuses a medication negative while an active medication is listed', () => {
    const active = newDraft('MEDICATIONS', { key: '1', label: 'Doxycycline', customValue: 'IN' });
    expect(toggleNegative([active], 'MEDICATIONS', '_no_MEDICATIONS')).toEqual({ blocked: true });
    const stopped = { ...active, active: false };
    const result = toggleNegative([stopped], 'MEDICATIONS', '_no_MEDICATIONS');
    expect('list' in result && result.list.map((d) => d.code)).toEqual(['1', '_no_MEDICATIONS']);
  });

  it('applies the alcohol and drug rules of social history', () => {
    let s: SocialSelection = socialSelection([]);
    s = toggleSocial(s, 'ALCOHOL', '28127009');
    s = toggleSocial(s, 'ALCOHOL', '105542008');
    expect(s.ALCOHOL).toEqual(['105542008']);
    s = toggleSocial(s, 'ALCOHOL', '28127009');
    expect(s.ALCOHOL).toEqual(['28127009']);
    s = toggleSocial(s, 'DRUG', '_no_361055000');
    s = toggleSocial(s, 'DRUG', '361055000');
    expect(s.DRUG).toEqual(['361055000']);
    s = toggleSocial(s, 'DRUG', '_no_361055000');
    expect(s.DRUG).toEqual(['_no_361055000']);
    s = toggleSocial(s, 'DRUG', '361055000');
    s = toggleSocial(s, 'DRUG', '424848002');
    expect(s.DRUG).toEqual(['424848002']);
    s = toggleSocial(s, 'SMOKING', '8517006');
    s = toggleSocial(s, 'SMOKING', '266919005');
    expect(s.SMOKING).toEqual(['266919005']);
  });

  it('saves "Does not misuse drugs" as a DENIES item', () => {
    const s = toggleSocial(socialSelection([]), 'DRUG', '_no_361055000');
    expect(socialInputs(s, ['DRUG'])).toMatchObject([
      {
        sectionId: 'DRUG',
        specialType: 'DENIES',
        attributes: [{ values: [{ value: '_no_361055000' }] }, {}],
      },
    ]);
  });
});
