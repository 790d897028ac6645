/**
 * The provider directory (nppes_provider, migration 0050): writing rows (the importer and the
 * synthetic set, upserted by NPI) and `nppes/search`. A provider matches when every query word starts
 * a word of the name (LIKE '% word%', served by the pg_trgm GIN index), or, when that finds almost
 * nothing and the query is long enough to carry a typo, by trigram word similarity. Ranking: the name
 * starting with the query first, then closer trigram similarity, then last and first name.
 */
import type { ProviderDirectoryResult, ProviderTaxonomy } from '@dermis/contract';
import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  like,
  notInArray,
  notLike,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import type { Db } from '../../db/database';
import { nppesProvider } from '../../db/schema';
import { queryWords } from '../../lib/text/search-text';

export type DirectoryRow = typeof nppesProvider.$inferInsert & { taxonomies: ProviderTaxonomy[] };

/** Rows per INSERT: well under PostgreSQL's 65,535 bound parameters (20 columns a row). */
export const directoryBatchSize = 500;

/** Inserts or replaces `rows` by NPI; answers how many were written. */
export async function upsertProviders(db: Db, rows: readonly DirectoryRow[]): Promise<number> {
  for (let i = 0; i < rows.length; i += directoryBatchSize) {
    const batch = rows.slice(i, i + directoryBatchSize);
    await db
      .insert(nppesProvider)
      .values(batch.map((row) => ({ ...row, updatedAt: new Date() })))
      .onConflictDoUpdate({
        target: nppesProvider.npi,
        set: Object.fromEntries(
          Object.keys(batch[0] ?? {})
            .filter((key) => key !== 'npi')
            .map((key) => [key, sql.raw(`excluded.${toColumn(key)}`)]),
        ),
      });
  }
  return rows.length;
}

function toColumn(key: string): string {
  const column = getTableColumns(nppesProvider)[key as keyof typeof nppesProvider.$inferSelect];
  if (!column) throw new Error(`nppes_provider has no column for ${key}`);
  return column.name;
}

/** Shortest query (in letters) for which the typo-tolerant search runs. */
const fuzzyMinLength = 4;
/** The typo-tolerant search runs only when the word-prefix search found fewer providers than this. */
const fuzzyBelow = 3;

/**
 * How many matching providers are ranked at the most. Three letters match tens of thousands of names
 * in the national file, and ranking them all costs a hundred milliseconds and more on PostgreSQL;
 * among so many equally short prefix matches any order is as good. Names that start with the query
 * are gathered apart from the others, so the cap never drops the best kind of match.
 */
export const rankedCandidates = 300;

/** Up to `limit` individual providers whose name matches `text`, best first. */
export async function searchProviders(
  db: Db,
  text: string,
  limit: number,
  candidates = rankedCandidates,
): Promise<ProviderDirectoryResult[]> {
  const digits = text.replace(/\s+/g, '');
  if (/^\d{10}$/.test(digits)) {
    const rows = await db.select().from(nppesProvider).where(eq(nppesProvider.npi, digits)).limit(1);
    return rows.map(toResult);
  }
  const words = queryWords(text);
  if (words.length === 0) return [];
  const phrase = words.join(' ');
  const individual = eq(nppesProvider.entityType, 1);
  type Ranked = Record<'searchText' | 'lastNameLegalName' | 'firstName' | 'npi', SQLWrapper>;
  const rank = (of: Ranked): SQL[] => [
    desc(sql`${of.searchText} LIKE ${` ${phrase}%`}`),
    desc(sql`word_similarity(${phrase}, ${of.searchText})`),
    desc(sql`similarity(${phrase}, ${of.searchText})`),
    asc(of.lastNameLegalName),
    asc(of.firstName),
    asc(of.npi),
  ];
  // The first `candidates` matching rows in whatever order the index gives them, then ranked.
  const ranked = (where: SQL | undefined, count: number) => {
    const pool = db.select().from(nppesProvider).where(where).limit(candidates).as('candidate');
    return db
      .select()
      .from(pool)
      .orderBy(...rank(pool))
      .limit(count);
  };
  // Names starting with the query rank first, so when they fill the page the others are not looked
  // for: the prefix is a range of the B-tree index, where a word inside a name needs the trigram
  // index to list every name holding it (a hundred thousand for three letters).
  const startingWith = like(nppesProvider.searchText, ` ${phrase}%`);
  const leading = await ranked(and(individual, startingWith), limit);
  const matched =
    leading.length >= limit
      ? leading
      : [
          ...leading,
          ...(await ranked(
            and(
              individual,
              notLike(nppesProvider.searchText, ` ${phrase}%`),
              ...words.map((word) => like(nppesProvider.searchText, `% ${word}%`)),
            ),
            limit - leading.length,
          )),
        ];
  if (matched.length >= Math.min(limit, fuzzyBelow) || phrase.length < fuzzyMinLength)
    return matched.map(toResult);

  // Similar names are ranked from a bounded pool too: ordering every trigram match of a short typo
  // by similarity reads tens of thousands of rows of the national file.
  const seen = matched.map((row) => row.npi);
  const similar = await ranked(
    and(
      individual,
      sql`${phrase} <% ${nppesProvider.searchText}`,
      seen.length > 0 ? notInArray(nppesProvider.npi, seen) : undefined,
    ),
    limit - matched.length,
  );
  return [...matched, ...similar].map(toResult);
}

function formatZip(zip: string | null): string | null {
  if (!zip) return null;
  return /^\d{9}$/.test(zip) ? `${zip.slice(0, 5)}-${zip.slice(5)}` : zip;
}

function toResult(row: typeof nppesProvider.$inferSelect): ProviderDirectoryResult {
  return {
    npi: row.npi,
    providerNamePrefix: row.namePrefix,
    providerFirstName: row.firstName,
    providerMiddleName: row.middleName,
    providerLastNameLegalName: row.lastNameLegalName,
    providerNameSuffix: row.nameSuffix,
    providerCredentialText: row.credential,
    taxonomies: row.taxonomies,
    addressInformationInfo: {
      streetAddressLn1: row.addressLine1,
      streetAddressLn2: row.addressLine2,
      city: row.city,
      state: row.state,
      zip: formatZip(row.zip),
      country: row.country,
      phone: row.phone,
    },
  };
}

/** How many providers the directory holds, by source. */
export async function directoryCounts(db: Db): Promise<{ synthetic: number; nppes: number }> {
  const rows = await db
    .select({ source: nppesProvider.source, count: sql<number>`count(*)::int` })
    .from(nppesProvider)
    .groupBy(nppesProvider.source);
  const count = (source: string) => rows.find((r) => r.source === source)?.count ?? 0;
  return { synthetic: count('synthetic'), nppes: count('nppes') };
}

/** Removes the synthetic directory (the first real import does, so no invented NPI stays). */
export async function removeSyntheticProviders(db: Db): Promise<void> {
  await db.delete(nppesProvider).where(eq(nppesProvider.source, 'synthetic'));
}
