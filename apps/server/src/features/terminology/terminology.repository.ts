/**
 * Queries of the terminology store. A term matches when every query word starts a word of the term
 * (LIKE '% word%' on search_text, served by the pg_trgm GIN index); matches are ranked: the whole
 * term starting with the query first, then higher priority (patient-friendly labels), then shorter
 * terms. When that finds nothing and the query is long enough to carry a typo, trigram word
 * similarity (`<%`, same index) fills in.
 */
import { and, asc, desc, eq, gte, inArray, like, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { terminologyPrefix, terminologyTerm } from '../../db/schema';
import { queryWords, toSearchText } from '../../lib/text/search-text';

/** Where a search looks: domains, each with the kinds it takes (all when none are given). */
export type TermScope = readonly { domain: TermRow['domain']; kinds?: readonly string[] }[];

export interface TermRow {
  id: number;
  domain: 'ALLERGEN' | 'DRUG' | 'SNOMED';
  codeSystem: 'RXNORM' | 'SNOMED';
  code: string;
  term: string;
  kind: string;
  typeInt: number | null;
  priority: number;
}

/** Shortest query (in letters) for which a typo-tolerant search runs. */
const fuzzyMinLength = 4;
/**
 * The typo-tolerant search runs only when the word-prefix search found nothing: a query that
 * matches is not a typo, and similarity over many candidates is the costly part.
 */
const fuzzyBelow = 1;

export const scopes = {
  allergens: (): TermScope => [
    { domain: 'ALLERGEN' },
    { domain: 'SNOMED', kinds: ['substance'] },
    { domain: 'DRUG', kinds: ['IN', 'PIN', 'MIN'] },
  ],
  drugs: (termTypes: readonly string[]): TermScope => [{ domain: 'DRUG', kinds: termTypes }],
  snomed: (tags: readonly string[]): TermScope => [{ domain: 'SNOMED', kinds: tags }],
};

function scopeSql(scope: TermScope): SQL {
  return or(
    ...scope.map((part) =>
      and(
        eq(terminologyTerm.domain, part.domain),
        part.kinds ? inArray(terminologyTerm.kind, [...part.kinds]) : undefined,
      ),
    ),
  ) as SQL;
}

const columns = {
  id: terminologyTerm.id,
  domain: terminologyTerm.domain,
  codeSystem: terminologyTerm.codeSystem,
  code: terminologyTerm.code,
  term: terminologyTerm.term,
  kind: terminologyTerm.kind,
  typeInt: terminologyTerm.typeInt,
  priority: terminologyTerm.priority,
};

/** Longest single-word query answered from terminology_prefix (it holds 2- and 3-letter prefixes). */
const prefixMaxLength = 3;

/** Priority from which a term counts as curated (patient-friendly labels, curated lists). */
const curatedPriority = 90;

/**
 * Up to `limit` terms for `text` in `scope`, best first, at most one per concept.
 *
 * The ranking is: the whole term starts with the query, then priority, then shorter terms. On a
 * large store a two-letter query matches tens of thousands of words, so the ranking is reached in
 * steps that each read little: (0) a query of one word of two or three letters reads the terms in
 * rank order from terminology_prefix (migration 0034) and stops after the window; otherwise (1) the
 * curated terms that match (a small partial index); (2) the
 * terms that start with the query, from the B-tree in search_text order; only when (2) cannot fill
 * the window, (3) every term with a word starting with the query (trigram index). Rows (2) leaves
 * out all rank below the window it filled, so the result is the same as ranking everything.
 */
export async function searchTerms(
  db: Db,
  termScope: TermScope,
  text: string,
  limit: number,
): Promise<TermRow[]> {
  const scope = scopeSql(termScope);
  const words = queryWords(text);
  if (words.length === 0) return [];
  const phrase = words.join(' ');
  // Several terms of one concept may match: read more than asked, then keep one per code.
  const window = limit * 3;
  const everyWord = words.map((word) => like(terminologyTerm.searchText, `% ${word}%`));
  const startsWithQuery = like(terminologyTerm.searchText, ` ${phrase}%`);
  const rank = [
    desc(sql`${terminologyTerm.searchText} LIKE ${` ${phrase}%`}`),
    desc(terminologyTerm.priority),
    asc(sql`length(${terminologyTerm.term})`),
    asc(terminologyTerm.term),
  ];

  const curatedQuery = db
    .select(columns)
    .from(terminologyTerm)
    .where(and(scope, gte(terminologyTerm.priority, curatedPriority), ...everyWord))
    .orderBy(...rank)
    .limit(window);

  if (words.length === 1 && phrase.length <= prefixMaxLength) {
    // (0) A two- or three-letter word: the precomputed ranks of terminology_prefix, in index order.
    const [curated, ...parts] = await Promise.all([
      curatedQuery,
      ...termScope.map((part) =>
        db
          .select(columns)
          .from(terminologyPrefix)
          .innerJoin(terminologyTerm, eq(terminologyTerm.id, terminologyPrefix.termId))
          .where(
            and(
              eq(terminologyPrefix.domain, part.domain),
              eq(terminologyPrefix.prefix, phrase),
              part.kinds ? inArray(terminologyPrefix.kind, [...part.kinds]) : undefined,
            ),
          )
          .orderBy(asc(terminologyPrefix.rank))
          .limit(window),
      ),
    ]);
    return onePerConcept(byRank([...curated, ...parts.flat()], phrase), limit);
  }

  const [curated, prefixed] = await Promise.all([
    curatedQuery,
    db
      .select(columns)
      .from(terminologyTerm)
      .where(and(scope, startsWithQuery))
      .orderBy(...rank.slice(1))
      .limit(window),
  ]);
  const matched =
    prefixed.length >= window
      ? prefixed
      : await db
          .select(columns)
          .from(terminologyTerm)
          .where(and(scope, ...everyWord))
          .orderBy(...rank)
          .limit(window);

  const results = onePerConcept(byRank([...curated, ...matched], phrase), limit);
  if (results.length >= Math.min(limit, fuzzyBelow) || phrase.length < fuzzyMinLength) return results;

  const seen = matched.map((row) => row.id);
  const similar = await db
    .select(columns)
    .from(terminologyTerm)
    .where(
      and(
        scope,
        sql`${phrase} <% ${terminologyTerm.searchText}`,
        seen.length > 0 ? notInArray(terminologyTerm.id, seen) : undefined,
      ),
    )
    .orderBy(
      desc(sql`word_similarity(${phrase}, ${terminologyTerm.searchText})`),
      desc(terminologyTerm.priority),
      asc(sql`length(${terminologyTerm.term})`),
    )
    .limit(window);
  return onePerConcept([...results, ...similar], limit);
}

/** The SQL ranking, in memory, over rows that two queries read (duplicates dropped). */
function byRank(rows: readonly TermRow[], phrase: string): TermRow[] {
  const unique = [...new Map(rows.map((row) => [row.id, row])).values()];
  const startsWith = (row: TermRow) => (toSearchText(row.term).startsWith(` ${phrase}`) ? 0 : 1);
  return unique.sort(
    (a, b) =>
      startsWith(a) - startsWith(b) ||
      b.priority - a.priority ||
      a.term.length - b.term.length ||
      (a.term < b.term ? -1 : a.term > b.term ? 1 : 0),
  );
}

/**
 * One row per concept, in the order of each concept's best-ranked match, showing the concept's
 * highest-priority matching term: "biop" ranks "Biopsy of skin" (a prefix match) but shows the
 * patient-friendly "Skin biopsy" of the same concept.
 */
function onePerConcept(rows: readonly TermRow[], limit: number): TermRow[] {
  const byConcept = new Map<string, TermRow>();
  for (const row of rows) {
    const key = `${row.codeSystem}|${row.code}`;
    const kept = byConcept.get(key);
    if (!kept) {
      if (byConcept.size < limit) byConcept.set(key, row);
    } else if (row.priority > kept.priority) {
      byConcept.set(key, row);
    }
  }
  return [...byConcept.values()];
}
