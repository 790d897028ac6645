/** The languages Dermis speaks; English is the default and the fallback. */
export const languages = ['en', 'es'] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = 'en';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}

/** The first supported language of an Accept-Language header (q-values honoured), else English. */
export function languageFromAcceptLanguage(header: string | undefined): Language {
  if (!header) return defaultLanguage;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { base: tag.trim().toLowerCase().split('-')[0] ?? '', q: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((entry) => entry.q > 0 && !Number.isNaN(entry.q))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked.map((entry) => entry.base).find(isLanguage) ?? defaultLanguage;
}

/** Fills `{name}` placeholders. Unknown placeholders stay visible so a missing value is noticed. */
export function format(template: string, params?: Record<string, string | number>): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

/**
 * The plural forms the catalogs write: a text that counts has a `.one` and an `.other` key. English
 * and Spanish need no more (CLDR's Spanish 'many', for millions, takes the plural text).
 */
export type PluralForm = 'one' | 'other';

export function pluralForm(language: Language, count: number): PluralForm {
  return new Intl.PluralRules(language).select(count) === 'one' ? 'one' : 'other';
}
