/**
 * The health record of an export range, the one source of the C-CDA and the PDF, with what the
 * clinic recorded in it (results released by now, vital signs, immunizations, notes, the plan of
 * treatment, goals and health concerns): without a start the range begins at the patient's birth,
 * so the document's service period covers the whole record.
 * Null when the patient does not exist.
 */
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { nppesProvider } from '../../db/schema';
import { findPatientHeader, type ExportRange } from './health-info.repository';
import { loadHealthRecord, type HealthRecord } from '../../lib/health-record/health-record';
import {
  carePlanInRange,
  clinicalNotesInRange,
  immunizationsInRange,
  resultsInRange,
  vitalSignsInRange,
  type Provenance,
} from './clinical-record/clinical-record.repository';

export async function loadExportRecord(
  db: Db,
  patientId: number,
  range: ExportRange,
): Promise<HealthRecord | null> {
  let start = range.from;
  if (!start) {
    const header = await findPatientHeader(db, patientId);
    if (!header) return null;
    start = new Date(`${header.dateOfBirth}T00:00:00Z`);
  }
  const [record, results, vitalSigns, immunizations, notes, carePlan] = await Promise.all([
    loadHealthRecord(db, patientId, { start, ...(range.to ? { end: range.to } : {}) }),
    resultsInRange(db, patientId, range),
    vitalSignsInRange(db, patientId, range),
    immunizationsInRange(db, patientId, range),
    clinicalNotesInRange(db, patientId, range),
    carePlanInRange(db, patientId, range),
  ]);
  const clinical = { results, vitalSigns, immunizations, notes, carePlan };
  await taxonomyFromDirectory(db, [
    ...results,
    ...vitalSigns,
    ...immunizations,
    ...notes,
    ...carePlan.items,
    ...carePlan.goals,
    ...carePlan.concerns,
  ]);
  const directory = await directoryTaxonomies(
    db,
    record.medications.flatMap((m) => (m.author.npi && !m.author.taxonomyCode ? [m.author.npi] : [])),
  );
  for (const m of record.medications)
    if (m.author.npi && !m.author.taxonomyCode) m.author.taxonomyCode = directory.get(m.author.npi) ?? null;
  return { ...record, clinical };
}

/** The provider directory's primary taxonomy of each NPI it has (NPPES import or the synthetic one). */
async function directoryTaxonomies(db: Db, npis: string[]): Promise<Map<string, string>> {
  const wanted = [...new Set(npis)];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ npi: nppesProvider.npi, taxonomy: nppesProvider.primaryTaxonomy })
    .from(nppesProvider)
    .where(inArray(nppesProvider.npi, wanted));
  return new Map(rows.flatMap((r) => (r.taxonomy ? [[r.npi, r.taxonomy] as const] : [])));
}

/**
 * Where the clinic named an author by NPI but sent no specialty, the directory's primary taxonomy
 * of that NPI stands in (the same clinician, as the national directory lists them).
 */
async function taxonomyFromDirectory(db: Db, entries: Provenance[]): Promise<void> {
  const missing = entries.filter((e) => e.authorNpi && !e.authorTaxonomyCode);
  const directory = await directoryTaxonomies(
    db,
    missing.map((e) => e.authorNpi!),
  );
  for (const e of missing) e.authorTaxonomyCode = directory.get(e.authorNpi!) ?? null;
}
