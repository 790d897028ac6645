// Terminology search figures, printed by `npm run bench` (and alone by `npm run bench:terminology`):
// p50/p95 of 2-, 4- and 8-character queries through the search service (the code behind
// fdb/search/searchAllergensByName, prescription/searchPrescriptionsByFilter and
// subjective/searchSnomed), over the starter set, and again after adding a synthetic set of
// BENCH_TERMINOLOGY_ROWS (default 300,000) descriptions built from the starter set's own words.
// On an in-memory PGlite always, and on PostgreSQL too when DATABASE_URL is set (in a throw-away
// database created beside it). Figures are printed, never asserted.
import { availableParallelism, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../apps/server/src/db/database';
import { migrate } from '../apps/server/src/db/migrate';
import { terminologyTerm } from '../apps/server/src/db/schema';
import { toSearchText } from '../apps/server/src/lib/text/search-text';
import {
  searchAllergens,
  searchDrugs,
  searchSnomedConcepts,
} from '../apps/server/src/features/terminology/terminology.service';
import { percentile, seededRandom, throwAwayPostgres } from './support';

const syntheticRows = Number(process.env.BENCH_TERMINOLOGY_ROWS ?? 300_000);
const queriesPerLength = Number(process.env.BENCH_TERMINOLOGY_QUERIES ?? 300);
const lengths = [2, 4, 8] as const;

export async function starterWords(database: Database): Promise<string[]> {
  const rows = await database.scriptTransaction((tx) =>
    tx.query<{ search_text: string }>('SELECT search_text FROM terminology_term'),
  );
  return rows.flatMap((r) => r.search_text.trim().split(' ')).filter((w) => /^[a-z]{2,}$/.test(w));
}

/** Queries: prefixes of words the store holds, weighted by how often the words occur. */
function queriesFor(words: readonly string[], length: number, next: () => number): string[] {
  const long = words.filter((w) => w.length >= length);
  return Array.from({ length: queriesPerLength }, () =>
    long[Math.floor(next() * long.length)]!.slice(0, length),
  );
}

export async function addSynthetic(database: Database, words: readonly string[]): Promise<void> {
  const next = seededRandom(42);
  const tags = ['disorder', 'finding', 'procedure', 'substance', 'situation'];
  const word = () => words[Math.floor(next() * words.length)]!;
  await database.scriptTransaction((tx) => tx.exec('DROP INDEX IF EXISTS terminology_term_search_trgm'));
  const chunk = 5000;
  for (let done = 0; done < syntheticRows; done += chunk) {
    const rows = Array.from({ length: Math.min(chunk, syntheticRows - done) }, (_, i) => {
      const count = 2 + Math.floor(next() * 5);
      const term = Array.from({ length: count }, word).join(' ');
      const text = `${term[0]!.toUpperCase()}${term.slice(1)}`;
      return {
        domain: 'SNOMED' as const,
        codeSystem: 'SNOMED' as const,
        code: String(900_000_000 + done + i),
        term: text,
        kind: tags[Math.floor(next() * tags.length)]!,
        priority: 30,
        source: 'snomed' as const,
        searchText: toSearchText(text),
      };
    });
    await database.db.insert(terminologyTerm).values(rows).onConflictDoNothing();
  }
  await database.scriptTransaction((tx) =>
    tx.exec(
      'CREATE INDEX terminology_term_search_trgm ON terminology_term USING gin (search_text gin_trgm_ops); ANALYZE terminology_term; ANALYZE terminology_prefix;',
    ),
  );
}

async function measure(database: Database, set: string, words: readonly string[]) {
  const rows: Record<string, string | number>[] = [];
  const next = seededRandom(7);
  const searches = [
    (q: string) => searchSnomedConcepts(database.db, q, 'PAST_MEDICAL_HISTORY', 30),
    (q: string) => searchAllergens(database.db, q, 30),
    (q: string) => searchDrugs(database.db, q, 30),
  ];
  for (const length of lengths) {
    const queries = queriesFor(words, length, next);
    // Warm up the plan cache and the pages once, as a running server would have.
    for (const q of queries.slice(0, 20)) await searches[0]!(q);
    const times: number[] = [];
    let results = 0;
    for (const [i, q] of queries.entries()) {
      const started = performance.now();
      results += (await searches[i % searches.length]!(q)).length;
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    rows.push({
      set,
      'query length': length,
      queries: queries.length,
      'p50 ms': Math.round(percentile(times, 50) * 100) / 100,
      'p95 ms': Math.round(percentile(times, 95) * 100) / 100,
      'mean results': Math.round(results / queries.length),
    });
  }
  return rows;
}

async function benchOne(label: string, database: Database) {
  await migrate(database);
  const count = async () =>
    Number((await database.db.select({ n: sql<number>`count(*)` }).from(terminologyTerm))[0]?.n ?? 0);
  const words = await starterWords(database);
  const starterCount = await count();
  const rows = await measure(
    database,
    `${label}, starter set (${starterCount.toLocaleString('en-US')} terms)`,
    words,
  );
  if (syntheticRows === 0) return { rows, loadSeconds: 0, synthetic: 0 };
  const loadStarted = performance.now();
  await addSynthetic(database, words);
  const loadSeconds = (performance.now() - loadStarted) / 1000;
  const total = await count();
  rows.push(
    ...(await measure(
      database,
      `${label}, starter + synthetic (${total.toLocaleString('en-US')} terms)`,
      words,
    )),
  );
  return { rows, loadSeconds, synthetic: total - starterCount };
}

export async function printTerminology(): Promise<void> {
  const tables: Record<string, string | number>[] = [];
  const notes: string[] = [];

  const memory = await openDatabase({ kind: 'memory' });
  try {
    const result = await benchOne('PGlite', memory);
    tables.push(...result.rows);
    notes.push(
      `PGlite: ${result.synthetic.toLocaleString('en-US')} synthetic terms loaded in ${result.loadSeconds.toFixed(1)} s`,
    );
  } finally {
    await memory.close();
  }

  const adminUrl = process.env.DATABASE_URL;
  if (adminUrl) {
    const created = await throwAwayPostgres(adminUrl, 'terminology');
    const database = await openDatabase({ kind: 'postgres', url: created.url });
    try {
      const result = await benchOne('PostgreSQL', database);
      tables.push(...result.rows);
      notes.push(
        `PostgreSQL: ${result.synthetic.toLocaleString('en-US')} synthetic terms loaded in ${result.loadSeconds.toFixed(1)} s`,
      );
    } finally {
      await database.close();
      await created.drop();
    }
  } else {
    notes.push('PostgreSQL not measured: set DATABASE_URL=postgres://… to measure it too.');
  }

  console.log(
    `\nTerminology search (in-process service call, 30 results, snomed/allergen/drug searches in turn; target p95 < 10 ms on PostgreSQL)`,
  );
  console.table(tables);
  for (const note of notes) console.log(note);
  // Latency on a shared machine is mostly waiting for a core: say how busy it was.
  console.log(
    `${availableParallelism()} cores, load average ${loadavg()[0]?.toFixed(1)} at the end (figures scale with it)`,
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await printTerminology();
