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
  await specialtiesFromDirectory(db, record, [
    ...results,
    ...vitalSigns,
    ...immunizations,
    ...notes,
    ...carePlan.items,
    ...carePlan.goals,
    ...carePlan.concerns,
    ...carePlan.healthStatuses,
  ]);
  return { ...record, clinical };
}

/**
 * Where the clinic named an author (or a prescriber) by NPI but sent no specialty, the provider
 * directory's primary taxonomy of that NPI stands in: the same clinician, as the national directory
 * (NPPES import, or the synthetic one of the demo) lists them.
 */
async function specialtiesFromDirectory(db: Db, record: HealthRecord, entries: Provenance[]): Promise<void> {
  const entriesWithout = entries.filter((e) => e.authorNpi && !e.authorTaxonomyCode);
  const prescribersWithout = record.medications
    .map((m) => m.author)
    .filter((a) => a.kind === 'PRESCRIBER' && a.npi && !a.taxonomyCode);
  const wanted = [
    ...new Set([...entriesWithout.map((e) => e.authorNpi!), ...prescribersWithout.map((a) => a.npi!)]),
  ];
  if (wanted.length === 0) return;
  const rows = await db
    .select({ npi: nppesProvider.npi, taxonomy: nppesProvider.primaryTaxonomy })
    .from(nppesProvider)
    .where(inArray(nppesProvider.npi, wanted));
  const directory = new Map(rows.map((r) => [r.npi, r.taxonomy]));
  for (const e of entriesWithout) e.authorTaxonomyCode = directory.get(e.authorNpi!) ?? null;
  for (const a of prescribersWithout) a.taxonomyCode = directory.get(a.npi!) ?? null;
}
