import { pharmacyMapDefault, type GeoPoint, type Pharmacy } from '@dermis/contract';

/** Where the map looks, and where the home marker goes (null: no home marker). */
export interface MapView {
  center: GeoPoint;
  zoom: number;
  home: GeoPoint | null;
  /** Which step of spec 001 §2's order found the home: the full address, the ZIP, or none. */
  source: 'address' | 'zip' | 'default';
}

/**
 * Spec 001 §2: geocoding tries the full address, then the zip, then a default view (centre 40, -100,
 * zoom 4; zoom 6 on the home). Offline there is no address geocoder, so `address` is null unless one
 * is configured; the ZIP's centroid comes from the bundled list through the server (decision 088).
 */
export function mapView(found: { address?: GeoPoint | null; zip?: GeoPoint | null }): MapView {
  const home = found.address ?? found.zip ?? null;
  if (!home) {
    return {
      center: { latitude: pharmacyMapDefault.latitude, longitude: pharmacyMapDefault.longitude },
      zoom: pharmacyMapDefault.zoom,
      home: null,
      source: 'default',
    };
  }
  return { center: home, zoom: pharmacyMapDefault.homeZoom, home, source: found.address ? 'address' : 'zip' };
}

export type Located = Pharmacy & { latitude: number; longitude: number };

function isLocated(pharmacy: Pharmacy): pharmacy is Located {
  return (
    typeof pharmacy.latitude === 'number' &&
    typeof pharmacy.longitude === 'number' &&
    Number.isFinite(pharmacy.latitude) &&
    Number.isFinite(pharmacy.longitude) &&
    Math.abs(pharmacy.latitude) <= 90 &&
    Math.abs(pharmacy.longitude) <= 180
  );
}

/**
 * The pharmacies the map can place. Spec 001 §8: one without coordinates is skipped with a warning
 * (the list still shows it).
 */
export function placeablePharmacies(pharmacies: Pharmacy[], warn: (message: string) => void): Located[] {
  const placed: Located[] = [];
  for (const pharmacy of pharmacies) {
    if (isLocated(pharmacy)) placed.push(pharmacy);
    else
      warn(`Pharmacy ${pharmacy.id} (${pharmacy.storeName}) has no coordinates; it is not shown on the map.`);
  }
  return placed;
}

/** The first ZIP of the patient's active address (5 digits), or null when there is none to search by. */
export function homeZip(
  addresses: ReadonlyArray<{ active: boolean; zipCode: string | null; country?: string | null }>,
): string | null {
  const ordered = [...addresses.filter((a) => a.active), ...addresses.filter((a) => !a.active)];
  for (const address of ordered) {
    const match = /^\s*(\d{5})(?:-?\d{4})?\s*$/.exec(address.zipCode ?? '');
    if (match) return match[1]!;
  }
  return null;
}

/** The pharmacies of the list followed by any favorite not in it, each once. */
export function withFavorites(list: Pharmacy[], favorites: Pharmacy[]): Pharmacy[] {
  const ids = new Set(list.map((p) => p.id));
  return [...list, ...favorites.filter((f) => !ids.has(f.id))];
}
