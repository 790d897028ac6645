import { relationships } from '@dermis/contract';
import { describe, expect, it } from 'vitest';
import { contactText, relationshipLabel } from './display';

const contact = (type: 'HOME_PHONE' | 'CELL_PHONE' | 'EMAIL_ADDRESS', value: string, active = true) => ({
  active,
  type: { type },
  value,
});

describe('responsible persons display (spec 000 §2)', () => {
  it('labels relationships from the coded table, unknown numbers as Other', () => {
    expect(relationshipLabel(1)).toBe('Mother');
    expect(relationshipLabel(2)).toBe('Father');
    expect(relationshipLabel(3)).toBe('Spouse');
    expect(relationshipLabel(9)).toBe('Guardian');
    expect(relationshipLabel(999)).toBe('Other');
    expect(Object.keys(relationships).length).toBeGreaterThanOrEqual(60);
    const codes = Object.values(relationships).map((r) => r.code);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('shows the first active home phone, else the first active contact, else No contact', () => {
    expect(
      contactText([
        contact('EMAIL_ADDRESS', 'a@b.org'),
        contact('HOME_PHONE', '1', false),
        contact('HOME_PHONE', '2'),
      ]),
    ).toBe('2');
    expect(contactText([contact('HOME_PHONE', '1', false), contact('CELL_PHONE', '3')])).toBe('3');
    expect(contactText([contact('CELL_PHONE', '3', false)])).toBe('No contact');
    expect(contactText([])).toBe('No contact');
  });
});
