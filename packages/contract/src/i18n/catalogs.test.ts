import { describe, expect, it } from 'vitest';
import { en, type MessageKey } from './en';
import { languageFromAcceptLanguage, languages, pluralForm } from './languages';
import { es } from './es';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
const keys = Object.keys(en) as MessageKey[];

describe('the Spanish catalog', () => {
  it('has exactly the keys of the English one', () => {
    expect(Object.keys(es).sort()).toEqual([...keys].sort());
  });

  it('keeps every placeholder of the English text', () => {
    const different = keys.filter((key) => placeholders(es[key]).join() !== placeholders(en[key]).join());
    expect(different).toEqual([]);
  });

  it('has no empty text', () => {
    expect(keys.filter((key) => es[key].trim() === '')).toEqual([]);
  });

  it('is a translation, not a copy: only names and codes stay as in English', () => {
    const same = keys.filter((key) => es[key] === en[key]);
    expect(same.sort()).toEqual(
      [
        'app.name',
        'app.title',
        'language.en',
        'language.es',
        'twoStep.errorTitle',
        'components.errorTitle',
        'unsubscribe.no',
        // A result's interpretation flag is its HL7 code (N: normal), the same in both languages.
        'record.flag.N',
      ].sort(),
    );
  });
});

describe('a section shown on two screens', () => {
  // The health information page and the health profile both show these sections: one name each,
  // in every language (the health information titles are capitalised as headings, the rest alike).
  const sameSection: Array<[MessageKey, MessageKey]> = [
    ['healthInfo.section.allergies', 'history.section.ALLERGIES'],
    ['healthInfo.section.smoking', 'history.section.SMOKING'],
  ];

  it.each([
    ['English', en],
    ['Spanish', es],
  ])('has one name in %s', (_, catalog: Record<MessageKey, string>) => {
    const different = sameSection.filter(([a, b]) => catalog[a].toLowerCase() !== catalog[b].toLowerCase());
    expect(different).toEqual([]);
  });
});

describe('counting texts', () => {
  it('come in pairs: every .one key has its .other, and the reverse', () => {
    const base = (key: string, form: string) =>
      key.endsWith(`.${form}`) ? key.slice(0, -form.length - 1) : null;
    const ones = keys.map((key) => base(key, 'one')).filter((key) => key !== null);
    const others = keys.map((key) => base(key, 'other')).filter((key) => key !== null);
    expect(ones.length).toBeGreaterThan(0);
    expect(ones.sort()).toEqual(others.sort());
  });

  it('are chosen as CLDR chooses: one for 1, other for 0, 2 and a million', () => {
    for (const language of languages) {
      expect([0, 1, 2, 1_000_000].map((count) => pluralForm(language, count))).toEqual([
        'other',
        'one',
        'other',
        'other',
      ]);
    }
  });
});

describe('languageFromAcceptLanguage', () => {
  it('picks the best supported language and falls back to English', () => {
    expect(languageFromAcceptLanguage('es-US,es;q=0.9,en;q=0.8')).toBe('es');
    expect(languageFromAcceptLanguage('fr-FR, en;q=0.5, es;q=0.7')).toBe('es');
    expect(languageFromAcceptLanguage('fr')).toBe('en');
    expect(languageFromAcceptLanguage('es;q=0')).toBe('en');
    expect(languageFromAcceptLanguage(undefined)).toBe('en');
  });
});
