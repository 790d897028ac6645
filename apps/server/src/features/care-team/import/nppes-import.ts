/**
 * Import of the NPPES monthly dissemination file (npidata_pfile_YYYYMMDD-YYYYMMDD.csv, ~9 GB, one
 * quoted CSV line per NPI, 330 columns) into the provider directory. Streamed line by line (constant
 * memory, see read-lines.ts), columns found by their header names, individual providers (entity
 * type 1), optionally filtered by practice-location state and by taxonomy code prefixes; organization
 * rows (entity type 2) go to an optional sink (the CLI passes the pharmacy directory's, decision 086).
 * Idempotent by NPI: rows are upserted in batches, a deactivated NPI is removed. The first real
 * import removes the synthetic directory, so no invented NPI stays next to real ones.
 */
import { isValidNpi, type ProviderTaxonomy } from '@dermis/contract';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../../db/database';
import { nppesProvider } from '../../../db/schema';
import { readLines, type LineProgress } from '../../../lib/text/read-lines';
import {
  directoryBatchSize,
  removeSyntheticProviders,
  upsertProviders,
  type DirectoryRow,
} from '../provider-directory.repository';
import { providerSearchText } from '../synthetic-directory';
import { taxonomyDescription } from '../../../lib/taxonomy-codes';

export interface NppesImportOptions {
  /** Two-letter practice-location states to keep (all when empty); organizations too. */
  states?: readonly string[];
  /** Taxonomy code prefixes to keep, any of a provider's taxonomies (all when empty), e.g. 207N. */
  taxonomies?: readonly string[];
  /**
   * Where organization rows (entity type 2) go, e.g. the pharmacy directory; skipped without one.
   * The provider taxonomy filter does not apply to them: the sink picks its own.
   */
  organizations?: NppesOrganizationSink;
}

/** A column of the current line by its header name; null when empty or absent. */
export type NppesColumn = (name: string) => string | null;

/** Takes the organization rows of the NPPES file (the CLI hands the pharmacy directory's in). */
export interface NppesOrganizationSink {
  /** Header names the sink reads; the file is refused when one is missing. */
  readonly requiredColumns: readonly string[];
  /** Called once, after the header is checked (e.g. to remove a synthetic set). */
  start(): Promise<void>;
  /** Offers one organization row (active, state filter passed); answers whether it was kept. */
  offer(npi: string, column: NppesColumn): boolean;
  /** Rows kept and not yet written. */
  readonly pending: number;
  /** Writes what is pending and retires NPIs the file deactivated; answers the counts. */
  flush(deactivated: readonly string[]): Promise<{ written: number; removed: number }>;
}

export interface NppesImportSummary {
  lines: number;
  written: number;
  /** Organization rows the sink wrote. */
  organizations: number;
  removed: number;
  skipped: number;
  malformed: number;
}

export type NppesProgress = LineProgress & { written: number };

export class NppesFormatError extends Error {
  override name = 'NppesFormatError';
}

/** The fields of one quoted CSV line ("a","b ""c""",,"d"); null when the quoting is broken. */
export function parseCsvLine(line: string): string[] | null {
  const fields: string[] = [];
  let i = 0;
  while (i <= line.length) {
    if (line[i] === '"') {
      let value = '';
      i += 1;
      for (;;) {
        const quote = line.indexOf('"', i);
        if (quote < 0) return null;
        value += line.slice(i, quote);
        if (line[quote + 1] === '"') {
          value += '"';
          i = quote + 2;
        } else {
          i = quote + 1;
          break;
        }
      }
      fields.push(value);
      if (i < line.length && line[i] !== ',') return null;
      i += 1;
    } else {
      const comma = line.indexOf(',', i);
      const end = comma < 0 ? line.length : comma;
      fields.push(line.slice(i, end));
      i = end + 1;
    }
  }
  return fields;
}

const required = [
  'NPI',
  'Entity Type Code',
  'Provider Last Name (Legal Name)',
  'Provider First Name',
  'Provider Middle Name',
  'Provider Name Prefix Text',
  'Provider Name Suffix Text',
  'Provider Credential Text',
  'Provider First Line Business Practice Location Address',
  'Provider Second Line Business Practice Location Address',
  'Provider Business Practice Location Address City Name',
  'Provider Business Practice Location Address State Name',
  'Provider Business Practice Location Address Postal Code',
  'Provider Business Practice Location Address Country Code (If outside U.S.)',
  'Provider Business Practice Location Address Telephone Number',
  'NPI Deactivation Date',
  'NPI Reactivation Date',
  'Healthcare Provider Taxonomy Code_1',
] as const;

const maxTaxonomies = 15;

export async function importNppes(
  db: Db,
  file: string,
  options: NppesImportOptions = {},
  onProgress?: (progress: NppesProgress) => void,
): Promise<NppesImportSummary> {
  const states = new Set((options.states ?? []).map((s) => s.toUpperCase()));
  const prefixes = (options.taxonomies ?? []).map((t) => t.toUpperCase());
  const organizations = options.organizations;
  const summary: NppesImportSummary = {
    lines: 0,
    written: 0,
    organizations: 0,
    removed: 0,
    skipped: 0,
    malformed: 0,
  };
  let index: Map<string, number> | null = null;
  let columnCount = 0;
  let batch: DirectoryRow[] = [];
  let deactivated: string[] = [];

  const flush = async () => {
    if (batch.length > 0) summary.written += await upsertProviders(db, batch);
    if (organizations && (organizations.pending > 0 || deactivated.length > 0)) {
      const done = await organizations.flush(deactivated);
      summary.organizations += done.written;
      summary.removed += done.removed;
    }
    if (deactivated.length > 0) {
      const gone = await db
        .delete(nppesProvider)
        .where(inArray(nppesProvider.npi, deactivated))
        .returning({ npi: nppesProvider.npi });
      summary.removed += gone.length;
    }
    batch = [];
    deactivated = [];
  };

  const lines = await readLines(
    file,
    async (line, lineNumber) => {
      if (lineNumber === 1) {
        const header = parseCsvLine(line.replace(/^\uFEFF/, ''));
        if (!header) throw new NppesFormatError('The first line is not a CSV header.');
        index = new Map(header.map((name, i) => [name.trim(), i]));
        columnCount = header.length;
        const missing = [...required, ...(organizations?.requiredColumns ?? [])].filter(
          (name) => !index?.has(name),
        );
        if (missing.length > 0)
          throw new NppesFormatError(
            `Not an NPPES data file: no column ${missing.map((m) => `"${m}"`).join(', ')}.`,
          );
        await removeSyntheticProviders(db);
        await organizations?.start();
        return;
      }
      if (line.trim() === '') return;
      const fields = parseCsvLine(line);
      const columns = index;
      if (!fields || !columns || fields.length !== columnCount) {
        summary.malformed += 1;
        return;
      }
      const get = (name: string) => {
        const at = columns.get(name);
        const value = at === undefined ? '' : (fields[at] ?? '').trim();
        return value === '' ? null : value;
      };
      const npi = get('NPI') ?? '';
      if (!isValidNpi(npi)) {
        summary.malformed += 1;
        return;
      }
      if (get('NPI Deactivation Date') && !get('NPI Reactivation Date')) {
        deactivated.push(npi);
        if (deactivated.length >= directoryBatchSize) await flush();
        return;
      }
      const state = get('Provider Business Practice Location Address State Name');
      if (get('Entity Type Code') === '2' && organizations) {
        if ((states.size > 0 && !states.has(state ?? '')) || !organizations.offer(npi, get)) {
          summary.skipped += 1;
          return;
        }
        if (organizations.pending >= directoryBatchSize) await flush();
        return;
      }
      const lastName = get('Provider Last Name (Legal Name)');
      if (get('Entity Type Code') !== '1' || !lastName) {
        summary.skipped += 1;
        return;
      }
      const taxonomies: ProviderTaxonomy[] = [];
      for (let n = 1; n <= maxTaxonomies; n++) {
        const code = get(`Healthcare Provider Taxonomy Code_${n}`);
        if (!code) continue;
        taxonomies.push({
          code,
          description: taxonomyDescription(code),
          primary: get(`Healthcare Provider Primary Taxonomy Switch_${n}`) === 'Y',
          license: get(`Provider License Number_${n}`),
          state: get(`Provider License Number State Code_${n}`),
        });
      }
      if (
        (states.size > 0 && !states.has(state ?? '')) ||
        (prefixes.length > 0 && !taxonomies.some((t) => prefixes.some((p) => t.code.startsWith(p))))
      ) {
        summary.skipped += 1;
        return;
      }
      taxonomies.sort((a, b) => Number(b.primary) - Number(a.primary));
      const firstName = get('Provider First Name');
      const middleName = get('Provider Middle Name');
      batch.push({
        npi,
        entityType: 1,
        lastNameLegalName: lastName,
        firstName,
        middleName,
        namePrefix: get('Provider Name Prefix Text'),
        nameSuffix: get('Provider Name Suffix Text'),
        credential: get('Provider Credential Text'),
        taxonomies,
        primaryTaxonomy: taxonomies[0]?.code ?? null,
        addressLine1: get('Provider First Line Business Practice Location Address'),
        addressLine2: get('Provider Second Line Business Practice Location Address'),
        city: get('Provider Business Practice Location Address City Name'),
        state,
        zip: get('Provider Business Practice Location Address Postal Code'),
        country: get('Provider Business Practice Location Address Country Code (If outside U.S.)'),
        phone: get('Provider Business Practice Location Address Telephone Number'),
        source: 'nppes',
        searchText: providerSearchText(firstName, middleName, lastName),
      });
      if (batch.length >= directoryBatchSize) await flush();
    },
    (progress) =>
      onProgress?.({
        ...progress,
        written: summary.written + summary.organizations + batch.length + (organizations?.pending ?? 0),
      }),
  );
  await flush();
  summary.lines = Math.max(0, lines - 1);
  return summary;
}
