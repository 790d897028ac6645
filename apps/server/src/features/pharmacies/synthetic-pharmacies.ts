/**
 * The synthetic pharmacy directory shipped with Dermis (decision 086): a few hundred made-up retail
 * pharmacies in Southwest Florida around the demo clinic (Naples, ZIP 34102), chain-like stores with
 * store numbers and independents, on real street names, with 239 phones and coordinates near their
 * ZIP's centroid, so the pharmacies page and its map work out of the box without the NPPES file.
 * Generated from a fixed seed (mulberry32): the same rows on every machine. The stores are invented
 * (no real chain's name); rows carry source 'synthetic', no NPI, and the first NPPES import removes
 * them.
 */
import { seededRandom } from '../../lib/seeded-random';
import { zipCentroidLookup } from '../../lib/geo/zip-centroids';
import { pharmacySearchText, type PharmacyRow } from './pharmacy-directory.repository';

export const syntheticPharmaciesSize = 300;
const seed = 0x0f4a_2026;

const random = seededRandom;

interface Place {
  city: string;
  zip: string;
  streets: readonly string[];
  /** How many times more likely than weight 1 (Naples first). */
  weight: number;
}

/** Southwest Florida around the demo clinic, with real street names. */
const places: readonly Place[] = [
  {
    city: 'Naples',
    zip: '34102',
    streets: ['5th Ave S', '9th St N', 'Goodlette-Frank Rd', 'Tamiami Trl N', 'US 41'],
    weight: 5,
  },
  {
    city: 'Naples',
    zip: '34103',
    streets: ['Tamiami Trl N', 'Crayton Rd', 'Park Shore Dr', 'Seagate Dr'],
    weight: 3,
  },
  {
    city: 'Naples',
    zip: '34104',
    streets: ['Airport Pulling Rd', 'Golden Gate Pkwy', 'Radio Rd', 'Davis Blvd'],
    weight: 4,
  },
  {
    city: 'Naples',
    zip: '34105',
    streets: ['Pine Ridge Rd', 'Orange Blossom Dr', 'Goodlette-Frank Rd'],
    weight: 3,
  },
  {
    city: 'Naples',
    zip: '34108',
    streets: ['Vanderbilt Beach Rd', 'Tamiami Trl N', 'Bluebill Ave'],
    weight: 2,
  },
  {
    city: 'Naples',
    zip: '34109',
    streets: ['Airport Pulling Rd N', 'Livingston Rd', 'Pine Ridge Rd'],
    weight: 3,
  },
  { city: 'Naples', zip: '34110', streets: ['Immokalee Rd', 'Tamiami Trl N', 'Wiggins Pass Rd'], weight: 3 },
  {
    city: 'Naples',
    zip: '34112',
    streets: ['Davis Blvd', 'Kings Lake Blvd', 'Santa Barbara Blvd'],
    weight: 3,
  },
  {
    city: 'Naples',
    zip: '34113',
    streets: ['Tamiami Trl E', 'Rattlesnake Hammock Rd', 'Bayshore Dr'],
    weight: 3,
  },
  {
    city: 'Naples',
    zip: '34116',
    streets: ['Golden Gate Pkwy', 'Coronado Pkwy', 'Sunshine Blvd'],
    weight: 2,
  },
  {
    city: 'Naples',
    zip: '34119',
    streets: ['Collier Blvd', 'Vanderbilt Beach Rd', 'Immokalee Rd'],
    weight: 3,
  },
  { city: 'Naples', zip: '34120', streets: ['Immokalee Rd', 'Oil Well Rd', 'Randall Blvd'], weight: 1 },
  {
    city: 'Marco Island',
    zip: '34145',
    streets: ['N Collier Blvd', 'Bald Eagle Dr', 'San Marco Rd'],
    weight: 2,
  },
  {
    city: 'Bonita Springs',
    zip: '34134',
    streets: ['Bonita Beach Rd SE', 'Old 41 Rd', 'Tamiami Trl'],
    weight: 2,
  },
  {
    city: 'Bonita Springs',
    zip: '34135',
    streets: ['Bonita Grande Dr', 'Imperial Pkwy', 'Terry St'],
    weight: 2,
  },
  { city: 'Estero', zip: '33928', streets: ['Coconut Rd', 'Corkscrew Rd', 'Via Coconut Point'], weight: 2 },
  { city: 'Fort Myers', zip: '33901', streets: ['Cleveland Ave', 'Fowler St', 'First St'], weight: 2 },
  { city: 'Fort Myers', zip: '33907', streets: ['Summerlin Rd', 'College Pkwy', 'Colonial Blvd'], weight: 2 },
  {
    city: 'Fort Myers',
    zip: '33912',
    streets: ['Daniels Pkwy', 'Six Mile Cypress Pkwy', 'Plantation Rd'],
    weight: 2,
  },
  {
    city: 'Fort Myers',
    zip: '33919',
    streets: ['McGregor Blvd', 'Winkler Rd', 'Cypress Lake Dr'],
    weight: 2,
  },
  {
    city: 'Cape Coral',
    zip: '33904',
    streets: ['Del Prado Blvd S', 'Cape Coral Pkwy E', 'Country Club Blvd'],
    weight: 2,
  },
  {
    city: 'Cape Coral',
    zip: '33914',
    streets: ['Chiquita Blvd S', 'Veterans Pkwy', 'Skyline Blvd'],
    weight: 2,
  },
  { city: 'Lehigh Acres', zip: '33971', streets: ['Lee Blvd', 'Joel Blvd', 'Homestead Rd N'], weight: 1 },
  { city: 'Immokalee', zip: '34142', streets: ['N 15th St', 'Main St', 'Lake Trafford Rd'], weight: 1 },
  { city: 'Punta Gorda', zip: '33950', streets: ['Tamiami Trl', 'Marion Ave', 'Aqui Esta Dr'], weight: 1 },
];

/** Invented chain-like names (stores carry a number) and the words of independent pharmacies. */
const chains = [
  'MediMart Pharmacy',
  'CareFirst Drugs',
  'Sunshine Drug',
  'ValueRx Pharmacy',
  'Gulf Market Pharmacy',
  'HealthWay Pharmacy',
  'Palm Family Pharmacy',
  'WellSpring Drug Store',
];
const independentFirst = [
  'Gulfshore',
  'Bayside',
  'Harbor',
  'Mangrove',
  'Tamiami',
  'Palmetto',
  'Coconut Grove',
  'Pelican',
  'Seagate',
  'Old Naples',
  'Cypress',
  'Everglades',
  'Island',
  'Heron',
  'Banyan',
  'Sabal Palm',
];
const independentLast = [
  'Pharmacy',
  'Drugs',
  'Apothecary',
  'Compounding Pharmacy',
  'Community Pharmacy',
  'Family Pharmacy',
  'Drug Store',
  'Health Mart',
];

const pick = <T>(next: () => number, list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;

function pickPlace(next: () => number): Place {
  const total = places.reduce((sum, p) => sum + p.weight, 0);
  let at = next() * total;
  for (const place of places) {
    at -= place.weight;
    if (at < 0) return place;
  }
  return places[0] as Place;
}

const round6 = (value: number) => Math.round(value * 1e6) / 1e6;

/** The demo patient's favorite (first row): a made-up independent pharmacy near the clinic. */
export const demoFavoriteKey = 'synthetic-0001';

/** The synthetic pharmacies, `size` rows, always the same for the same size. */
export async function syntheticPharmacies(size = syntheticPharmaciesSize): Promise<PharmacyRow[]> {
  const next = random(seed);
  const centroid = await zipCentroidLookup();
  const rows: PharmacyRow[] = [];
  const names = new Set<string>();
  const add = (row: Omit<PharmacyRow, 'searchText' | 'source' | 'syntheticKey' | 'country' | 'state'>) => {
    rows.push({
      ...row,
      syntheticKey: `synthetic-${String(rows.length + 1).padStart(4, '0')}`,
      state: 'FL',
      country: 'US',
      source: 'synthetic',
      specialtyType: 'RETAIL',
      taxonomy: '3336C0003X',
      searchText: pharmacySearchText(row),
    });
  };
  add({
    storeName: 'Fifth Avenue Apothecary',
    phone: '2392610188',
    addressLine1: '720 5th Ave S',
    addressLine2: null,
    city: 'Naples',
    zip: '341026610',
    latitude: 26.142215,
    longitude: -81.79643,
  });
  while (rows.length < size) {
    const place = pickPlace(next);
    const chain = next() < 0.55;
    const storeName = chain
      ? `${pick(next, chains)} #${String(1000 + Math.floor(next() * 8999)).padStart(5, '0')}`
      : `${next() < 0.3 ? place.city : pick(next, independentFirst)} ${pick(next, independentLast)}`;
    const street = `${100 + Math.floor(next() * 9800)} ${pick(next, place.streets)}`;
    const suite = next() < 0.25 ? `Suite ${100 + Math.floor(next() * 300)}` : null;
    const phone = `239${String(2_000_000 + Math.floor(next() * 7_999_999)).padStart(7, '0')}`;
    const zip = `${place.zip}${String(1000 + Math.floor(next() * 8999))}`;
    const center = centroid(place.zip);
    // Around the ZIP centroid, a little more inland (east) than seaward: the Gulf is to the west.
    const dLat = (next() - 0.5) * 0.03;
    const dLon = (next() - 0.25) * 0.03;
    if (names.has(storeName) && !chain) continue;
    names.add(storeName);
    add({
      storeName,
      phone,
      addressLine1: street,
      addressLine2: suite,
      city: place.city,
      zip,
      latitude: center ? round6(center.latitude + dLat) : null,
      longitude: center ? round6(center.longitude + dLon) : null,
    });
  }
  return rows;
}
