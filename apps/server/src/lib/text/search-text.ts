/**
 * The searchable form of a term or a query: lower case, diacritics dropped, every sign other than a
 * letter or digit a single space, and one leading space, so that the pattern "% ab%" matches a word
 * that starts with "ab" and " ab%" a text that does. Stored in terminology_term.search_text by the
 * starter migration and the importers, and applied to every query: both sides must agree.
 */
export function toSearchText(text: string): string {
  const words = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
  return ` ${words}`;
}

/** The words of a query, at most `max` of them (the rest is ignored). */
export function queryWords(text: string, max = 6): string[] {
  return toSearchText(text).trim().split(' ').filter(Boolean).slice(0, max);
}
