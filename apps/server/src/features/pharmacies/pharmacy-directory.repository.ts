/**
 * The pharmacy directory (pharmacy, migration 0055): writing rows (the NPPES importer upserts by NPI,
 * the synthetic set by its key), `pharmacy/search` and `pharmacy/searchByZipCodeMarkFavorite`.
 *
 * Search: every query word starts a word of the store name, street, city or ZIP (LIKE '% word%',
 * served by the pg_trgm GIN index); when that finds almost nothing for a query long enough to carry a
 * typo, trigram word similarity fills in. Store names starting with the query rank first.
 *
 * Nearby: exact nearest-first by great-circle distance from a point, without PostGIS. A box of
 * `radius` miles around the point (served by the (latitude, longitude) index) gives the candidates,
 * the haversine distance orders them, and only those within `radius` are kept, so the answer is
 * exact; when fewer than `limit` are that close, the radius grows (10, 30, 100, 300 miles, then the
 * whole table).
 */
import type { Pharmacy } from '@dermis/contract';
import { and, eq, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { preparedPerDatabase } from '../../db/prepared';
import { favoritePharmacy, pharmacy, pharmacyDirectoryRevision } from '../../db/schema';
import { earthRadiusMiles, type GeoPoint } from '../../lib/geo/zip-centroids';
import { queryWords, toSearchText } from '../../lib/text/search-text';

export type PharmacyRow = typeof pharmacy.$inferInsert;

/** Rows per INSERT: well under PostgreSQL's 65,535 bound parameters (19 columns a row). */
export const pharmacyBatchSize = 500;

/** The searchable form of a pharmacy: store name first (ranked), then street, city, ZIP. */
export function pharmacySearchText(row: {
  storeName: string;
  addressLine1?: string | null;
  city?: string | null;
  zip?: string | null;
}): string {
  return toSearchText(
    [row.storeName, row.addressLine1, row.city, row.zip?.slice(0, 5)].filter(Boolean).join(' '),
  );
}

const updatable = [
  'storeName',
  'phone',
  'addressLine1',
  'addressLine2',
  'city',
  'state',
  'zip',
  'country',
  'latitude',
  'longitude',
  'specialtyType',
  'taxonomy',
  'source',
  'active',
  'searchText',
] as const;
const columnOf = (key: (typeof updatable)[number]) => pharmacy[key].name;
const excluded = Object.fromEntries(updatable.map((key) => [key, sql.raw(`excluded.${columnOf(key)}`)]));

/** Inserts or replaces `rows` by NPI (NPPES rows) or synthetic key (the synthetic set). */
export async function upsertPharmacies(db: Db, rows: readonly PharmacyRow[]): Promise<number> {
  const byNpi = rows.filter((row) => row.npi);
  const synthetic = rows.filter((row) => !row.npi);
  for (const [list, target] of [
    [byNpi, pharmacy.npi],
    [synthetic, pharmacy.syntheticKey],
  ] as const) {
    for (let i = 0; i < list.length; i += pharmacyBatchSize) {
      const batch = list.slice(i, i + pharmacyBatchSize).map((row) => ({ ...row, updatedAt: new Date() }));
      await db
        .insert(pharmacy)
        .values(batch)
        .onConflictDoUpdate({ target, set: { ...excluded, updatedAt: new Date() } });
    }
  }
  return rows.length;
}

/** Marks pharmacies the NPPES file deactivated: favorites keep them, searches no longer offer them. */
export async function deactivatePharmacies(db: Db, npis: readonly string[]): Promise<number> {
  if (npis.length === 0) return 0;
  const rows = await db
    .update(pharmacy)
    .set({ active: false, updatedAt: new Date() })
    .where(and(inArray(pharmacy.npi, [...npis]), eq(pharmacy.active, true)))
    .returning({ id: pharmacy.id });
  return rows.length;
}

/** Removes the synthetic pharmacies (the first real import does, so no invented store stays). */
export async function removeSyntheticPharmacies(db: Db): Promise<void> {
  await db.delete(pharmacy).where(eq(pharmacy.source, 'synthetic'));
}

/** How many pharmacies the directory holds, by source. */
export async function pharmacyCounts(db: Db): Promise<{ synthetic: number; nppes: number }> {
  const rows = await db
    .select({ source: pharmacy.source, count: sql<number>`count(*)::int` })
    .from(pharmacy)
    .groupBy(pharmacy.source);
  const count = (source: string) => rows.find((r) => r.source === source)?.count ?? 0;
  return { synthetic: count('synthetic'), nppes: count('nppes') };
}

function formatZip(zip: string | null): string | null {
  if (!zip) return null;
  return /^\d{9}$/.test(zip) ? `${zip.slice(0, 5)}-${zip.slice(5)}` : zip;
}

/**
 * The columns an answer shows: the search text, provenance and timestamps stay in the database
 * (reading and mapping them was a noticeable part of every list's cost, decision 269).
 */
export const pharmacyShown = {
  id: pharmacy.id,
  npi: pharmacy.npi,
  storeName: pharmacy.storeName,
  phone: pharmacy.phone,
  addressLine1: pharmacy.addressLine1,
  addressLine2: pharmacy.addressLine2,
  city: pharmacy.city,
  state: pharmacy.state,
  zip: pharmacy.zip,
  country: pharmacy.country,
  latitude: pharmacy.latitude,
  longitude: pharmacy.longitude,
};
type PharmacyShown = Pick<typeof pharmacy.$inferSelect, keyof typeof pharmacyShown>;

export function toPharmacy(row: PharmacyShown, favorite: boolean, distance: number | null = null): Pharmacy {
  return {
    id: row.id,
    npi: row.npi,
    storeName: row.storeName,
    primaryPhoneNumber: row.phone,
    latitude: row.latitude,
    longitude: row.longitude,
    favorite,
    distanceMiles: distance === null ? null : Math.round(distance * 100) / 100,
    addressInformationInfo: {
      streetAddressLn1: [row.addressLine1, row.addressLine2].filter(Boolean).join(', ') || null,
      city: row.city,
      state: row.state,
      zip: formatZip(row.zip),
      country: row.country,
    },
  };
}

const offered = and(eq(pharmacy.active, true), eq(pharmacy.specialtyType, 'RETAIL'));

/** Whether the row is one of the patient's favorites (a correlated EXISTS on the primary key). */
const isFavorite = (patientId: number | Placeholder) =>
  sql<boolean>`exists (select 1 from favorite_pharmacy f where f.patient_id = ${patientId}::int and f.pharmacy_id = ${sql.raw('"pharmacy"."id"')})`;

/** Shortest query (in letters) for which the typo-tolerant search runs. */
const fuzzyMinLength = 4;
/** The typo-tolerant search runs only when the word-prefix search found fewer pharmacies than this. */
const fuzzyBelow = 3;

/** Up to `limit` retail pharmacies matching `text`, best first, the patient's favorites marked. */
export async function searchPharmacies(
  db: Db,
  text: string,
  limit: number,
  patientId: number,
): Promise<Pharmacy[]> {
  const words = queryWords(text);
  if (words.length === 0) return [];
  const phrase = words.join(' ');
  const rank: SQL[] = [
    sql`${pharmacy.searchText} LIKE ${` ${phrase}%`} desc`,
    sql`word_similarity(${phrase}, ${pharmacy.searchText}) desc`,
    sql`${pharmacy.storeName} asc`,
    sql`${pharmacy.id} asc`,
  ];
  const fields = { ...pharmacyShown, favorite: isFavorite(patientId) };
  const matched = await db
    .select(fields)
    .from(pharmacy)
    .where(and(offered, ...words.map((word) => sql`${pharmacy.searchText} LIKE ${`% ${word}%`}`)))
    .orderBy(...rank)
    .limit(limit);
  if (matched.length >= Math.min(limit, fuzzyBelow) || phrase.length < fuzzyMinLength)
    return matched.map((m) => toPharmacy(m, m.favorite));

  const seen = matched.map((m) => m.id);
  const similar = await db
    .select(fields)
    .from(pharmacy)
    .where(
      and(
        offered,
        sql`${phrase} <% ${pharmacy.searchText}`,
        seen.length > 0 ? sql`${pharmacy.id} <> all(${`{${seen.join(',')}}`}::int[])` : undefined,
      ),
    )
    .orderBy(...rank.slice(1))
    .limit(limit - matched.length);
  return [...matched, ...similar].map((m) => toPharmacy(m, m.favorite));
}

/** Radii (miles) the nearby search tries before reading the whole table. */
export const nearbyRadii = [10, 30, 100, 300] as const;
/** Fewest miles a degree of latitude spans (at the equator), so the box never cuts a circle. */
const milesPerDegreeLatitude = 68.7;

/** The point the nearby search measures from, and its box, as placeholders of a prepared statement. */
const latitudeParam = sql`${sql.placeholder('latitude')}::float8`;
const longitudeParam = sql`${sql.placeholder('longitude')}::float8`;

/** The haversine distance in miles from the point to the row, as SQL. */
const distance = sql<number>`(2 * ${earthRadiusMiles}::float8 * asin(least(1, sqrt(
    power(sin(radians(${pharmacy.latitude} - ${latitudeParam}) / 2), 2)
    + cos(radians(${latitudeParam})) * cos(radians(${pharmacy.latitude}))
      * power(sin(radians(${pharmacy.longitude} - ${longitudeParam}) / 2), 2)))))`;

/** The box of `radius` miles around `point`, as the placeholders of the box statement. */
function box(point: GeoPoint, radius: number) {
  const dLat = radius / milesPerDegreeLatitude;
  const farthest = Math.min(89.9, Math.abs(point.latitude) + dLat);
  const dLon = Math.min(180, dLat / Math.cos((farthest * Math.PI) / 180));
  return {
    radius,
    south: point.latitude - dLat,
    north: point.latitude + dLat,
    west: point.longitude - dLon,
    east: point.longitude + dLon,
  };
}

const located = and(offered, sql`${pharmacy.latitude} is not null`);
const withinBox = sql`${pharmacy.latitude} between ${sql.placeholder('south')}::float8 and ${sql.placeholder('north')}::float8
    and ${pharmacy.longitude} between ${sql.placeholder('west')}::float8 and ${sql.placeholder('east')}::float8
    and ${distance} <= ${sql.placeholder('radius')}::float8`;

/**
 * The nearest first, within a box or over the whole table: prepared (decision 269), so the long
 * distance expression is built once and planned once per connection, not on every search. Without
 * the favorites: the answer marks them per patient on the nearest kept by ZIP (decision 315).
 */
const nearestStatement = (name: string, where: SQL | undefined) =>
  preparedPerDatabase((db) =>
    db
      .select({ ...pharmacyShown, distance: distance.as('distance') })
      .from(pharmacy)
      .where(where)
      .orderBy(sql`"distance" asc`, pharmacy.id)
      .limit(sql.placeholder('limit'))
      .prepare(name),
  );
const nearestInBoxStatement = nearestStatement('pharmacies_nearest_in_box', and(located, withinBox));
const nearestAnywhereStatement = nearestStatement('pharmacies_nearest_anywhere', located);

/** The `limit` retail pharmacies nearest `point`, nearest first, none marked a favorite. */
export async function nearbyPharmacies(db: Db, point: GeoPoint, limit: number): Promise<Pharmacy[]> {
  const params = { ...point, limit };
  let rows: Awaited<ReturnType<ReturnType<typeof nearestInBoxStatement>['execute']>> = [];
  for (const radius of nearbyRadii) {
    rows = await nearestInBoxStatement(db).execute({ ...params, ...box(point, radius) });
    if (rows.length >= limit) break;
  }
  if (rows.length < limit) rows = await nearestAnywhereStatement(db).execute(params);
  return rows.map((r) => toPharmacy(r, false, Number(r.distance)));
}

/**
 * The directory's revision (migration 0493; 0 before its first write) and the ids of the patient's
 * favorites, in one statement: all a nearby search reads when its ZIP's nearest are kept.
 */
const revisionAndFavoritesStatement = preparedPerDatabase((db) =>
  db
    .select({
      revision: sql<number>`coalesce((SELECT r.revision FROM ${pharmacyDirectoryRevision} r), 0)`,
      favorites: sql<number[]>`ARRAY(SELECT f.pharmacy_id FROM ${favoritePharmacy} f
        WHERE f.patient_id = ${sql.placeholder('patientId')}::int)`,
    })
    .from(sql`(VALUES (1)) AS one (n)`)
    .prepare('pharmacy_directory_revision_and_favorites'),
);

export async function directoryRevisionAndFavorites(
  db: Db,
  patientId: number,
): Promise<{ revision: number; favorites: number[] }> {
  const [row] = await revisionAndFavoritesStatement(db).execute({ patientId });
  return row!;
}
