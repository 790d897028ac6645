/**
 * Pharmacies from the NPPES monthly dissemination file (decision 086): the organization rows (entity
 * type 2) with a pharmacy taxonomy (3336*) become pharmacy directory rows, upserted by NPI in batches,
 * geocoded by the centroid of their practice-location ZIP (bundled Census list; null when unknown).
 * The store name is the "doing business as" name when the file has one (Other Organization Name,
 * type 3), else the legal business name. A deactivated NPI is marked inactive, not deleted, so a
 * patient's favorite stays readable. The first import removes the synthetic pharmacies.
 *
 * The provider importer (features/care-team/import) reads the file and hands each organization row
 * to this sink; the CLI joins the two, so neither feature imports the other.
 */
import type { Db } from '../../../db/database';
import type { PharmacySpecialtyType } from '../../../db/schema/pharmacies';
import { zipCentroidLookup, type GeoPoint } from '../../../lib/geo/zip-centroids';
import {
  deactivatePharmacies,
  pharmacySearchText,
  removeSyntheticPharmacies,
  upsertPharmacies,
  type PharmacyRow,
} from '../pharmacy-directory.repository';

const maxTaxonomies = 15;

/** NUCC pharmacy taxonomies (3336*) and what the portal calls them. */
export function pharmacySpecialtyType(code: string): PharmacySpecialtyType {
  switch (code.toUpperCase()) {
    case '3336C0003X': // Community/Retail Pharmacy
    case '333600000X': // Pharmacy
      return 'RETAIL';
    case '3336M0002X': // Mail Order Pharmacy
      return 'MAIL_ORDER';
    case '3336S0011X': // Specialty Pharmacy
    case '3336H0001X': // Home Infusion Therapy Pharmacy
    case '3336N0007X': // Nuclear Pharmacy
      return 'SPECIALTY';
    default: // Clinic, Institutional, Long Term Care, Managed Care Organization pharmacies
      return 'INSTITUTIONAL';
  }
}

type Column = (name: string) => string | null;

export interface NppesPharmacySink {
  readonly requiredColumns: readonly string[];
  start(): Promise<void>;
  offer(npi: string, column: Column): boolean;
  readonly pending: number;
  flush(deactivated: readonly string[]): Promise<{ written: number; removed: number }>;
}

const columns = {
  legalName: 'Provider Organization Name (Legal Business Name)',
  otherName: 'Provider Other Organization Name',
  otherNameType: 'Provider Other Organization Name Type Code',
  line1: 'Provider First Line Business Practice Location Address',
  line2: 'Provider Second Line Business Practice Location Address',
  city: 'Provider Business Practice Location Address City Name',
  state: 'Provider Business Practice Location Address State Name',
  zip: 'Provider Business Practice Location Address Postal Code',
  country: 'Provider Business Practice Location Address Country Code (If outside U.S.)',
  phone: 'Provider Business Practice Location Address Telephone Number',
} as const;

/** The pharmacy directory's sink for the NPPES importer's organization rows. */
export function nppesPharmacySink(db: Db): NppesPharmacySink {
  let rows: PharmacyRow[] = [];
  let centroid: ((zip: string | null) => GeoPoint | null) | null = null;
  return {
    requiredColumns: Object.values(columns),
    async start() {
      centroid = await zipCentroidLookup();
      await removeSyntheticPharmacies(db);
    },
    offer(npi, column) {
      const codes: { code: string; primary: boolean }[] = [];
      for (let n = 1; n <= maxTaxonomies; n++) {
        const code = column(`Healthcare Provider Taxonomy Code_${n}`);
        if (code?.toUpperCase().startsWith('3336'))
          codes.push({ code, primary: column(`Healthcare Provider Primary Taxonomy Switch_${n}`) === 'Y' });
      }
      const taxonomy = codes.find((c) => c.primary) ?? codes[0];
      const legalName = column(columns.legalName);
      const dba = column(columns.otherNameType) === '3' ? column(columns.otherName) : null;
      const storeName = (dba ?? legalName)?.slice(0, 300);
      if (!taxonomy || !storeName) return false;
      const zip = column(columns.zip);
      const point = centroid?.(zip) ?? null;
      const addressLine1 = column(columns.line1);
      const city = column(columns.city);
      rows.push({
        npi,
        syntheticKey: null,
        storeName,
        phone: column(columns.phone),
        addressLine1,
        addressLine2: column(columns.line2),
        city,
        state: column(columns.state),
        zip,
        country: column(columns.country) ?? 'US',
        latitude: point?.latitude ?? null,
        longitude: point?.longitude ?? null,
        specialtyType: pharmacySpecialtyType(taxonomy.code),
        taxonomy: taxonomy.code,
        source: 'nppes',
        active: true,
        searchText: pharmacySearchText({ storeName, addressLine1, city, zip }),
      });
      return true;
    },
    get pending() {
      return rows.length;
    },
    async flush(deactivated) {
      const batch = rows;
      rows = [];
      const written = batch.length > 0 ? await upsertPharmacies(db, batch) : 0;
      const removed = await deactivatePharmacies(db, deactivated);
      return { written, removed };
    },
  };
}
