import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../lib/i18n/language';
import {
  addressLines,
  clinicWebsite,
  educationPreview,
  formatPhone,
  formatVisitDate,
  providerName,
} from './format';

describe('formatVisitDate', () => {
  it("writes 'MMM DD, Y @ hh : mm A' in local time", () => {
    // Local date-time (no zone) so the test means the same in every time zone.
    expect(formatVisitDate('2030-03-05T14:07:00.000')).toBe('Mar 05, 2030 @ 02 : 07 PM');
    expect(formatVisitDate('2030-12-31T00:30:00.000')).toBe('Dec 31, 2030 @ 12 : 30 AM');
  });

  describe('in Spanish', () => {
    afterEach(() => setLanguage('en', { remember: false }));
    it('names the month in Spanish and keeps the time of day', async () => {
      await setLanguage('es', { remember: false });
      expect(formatVisitDate('2030-03-05T14:07:00.000')).toMatch(/^05 mar\.? 2030,? 02:07\sp\.\s?m\.$/);
      expect(formatVisitDate('2030-12-31T00:30:00.000')).toMatch(/^31 dic\.? 2030,? 12:30\sa\.\s?m\.$/);
    });
  });
});

describe('formatPhone', () => {
  it('formats exactly 10 digits as (xxx) xxx-xxxx', () => {
    expect(formatPhone('2395550100')).toBe('(239) 555-0100');
    expect(formatPhone('239-555-0100')).toBe('(239) 555-0100');
  });
  it('leaves any other length as given', () => {
    expect(formatPhone('12395550100')).toBe('12395550100');
    expect(formatPhone('555-0100')).toBe('555-0100');
    expect(formatPhone('239555010')).toBe('239555010');
  });
  it('leaves a number with an extension or letters as given', () => {
    expect(formatPhone('239555010 ext 5')).toBe('239555010 ext 5');
  });
});

describe('educationPreview', () => {
  it('keeps a text of 200 characters or fewer whole', () => {
    const text = 'a'.repeat(200);
    expect(educationPreview(text)).toEqual({ text, truncated: false });
  });
  it("cuts a longer text at 200 characters and adds ' ...'", () => {
    const text = `${'b'.repeat(200)}TAIL`;
    const preview = educationPreview(text);
    expect(preview.truncated).toBe(true);
    expect(preview.text).toBe(`${'b'.repeat(200)} ...`);
    expect(preview.text).toHaveLength(204);
  });
});

describe('clinic details', () => {
  it('names a provider with title', () => {
    expect(providerName({ firstName: 'Ana', lastName: 'Silva', title: 'MD' })).toBe('Ana Silva, MD');
    expect(providerName({ firstName: 'Ana', lastName: 'Silva', title: null })).toBe('Ana Silva');
  });
  it('writes the address as lines, leaving out empty parts', () => {
    expect(
      addressLines({
        streetAddressLn1: '100 Gulf Shore Blvd',
        streetAddressLn2: null,
        city: 'Naples',
        state: 'FLORIDA',
        zip: '34102',
      }),
    ).toEqual(['100 Gulf Shore Blvd', 'Naples, Florida 34102']);
  });
  it('links only http(s) websites, adding https to a bare host', () => {
    expect(clinicWebsite([{ type: 'WEBSITE', value: 'example.org' }])).toEqual({
      href: 'https://example.org/',
      label: 'example.org',
    });
    expect(clinicWebsite([{ type: 'WEBSITE', value: 'javascript:alert(1)' }])).toBeNull();
    expect(clinicWebsite([{ type: 'WORK_PHONE', value: '2395550100' }])).toBeNull();
  });
});
