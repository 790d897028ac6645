import { describe, expect, it } from 'vitest';
import { isMessageKey, t } from '../../lib/i18n';
import { legalDocuments } from './legal-documents';

function fullText(name: keyof typeof legalDocuments): string {
  const document = legalDocuments[name];
  const keys = [document.title, document.intro, ...document.sections.flatMap((s) => [s.heading, s.body])];
  keys.forEach((key) => expect(isMessageKey(key), key).toBe(true));
  return keys.map((key) => t(key)).join(' ');
}

describe('legal documents', () => {
  it('the terms of use state the facts of spec 000 §1', () => {
    const text = fullText('termsOfUse');
    for (const fact of [
      'business associate',
      'HIPAA',
      'HITECH',
      'urgent medical matters',
      '911',
      'Each Practice decides whether and how minors',
      'To opt out, notify your Practice',
      'Naples, Florida',
    ]) {
      expect(text).toContain(fact);
    }
  });

  it('the privacy policy names the vendor location and its last update', () => {
    const text = fullText('privacyPolicy');
    for (const fact of [
      'Naples, Florida',
      'Oct 1, 2013',
      'business associate',
      'HIPAA',
      'HITECH',
      '911',
      'notify your Practice',
    ]) {
      expect(text).toContain(fact);
    }
  });

  it('the terms and conditions resolve to catalog texts', () => {
    expect(fullText('termsAndConditions')).toContain("Each Practice decides minors' access");
  });
});
