/**
 * The CCD's Medications section, and the PDF's, is one reconciled list, as an EHR's is (decision 250): an active
 * entry of the medication list that names only an ingredient (RxNorm IN, e.g. "Methotrexate") the
 * clinic holds an active prescription of as a single-ingredient clinical drug (RxNorm SCD, e.g.
 * "Methotrexate 10 MG Oral Tablet") is that same medication, so it is folded into the prescription
 * rather than written as a second Medication Activity. The list entry adds nothing the prescription
 * lacks (no dose, route, frequency or dates), and its id stays on the merged entry.
 *
 * Anything less certain stays two entries: a list entry the patient keeps as taken while the
 * prescription has ended (the two disagree; a clinician reconciles that, not the export), a
 * discontinued one, a combination drug, or a drug named more precisely than its ingredient
 * ("Doxycycline Monohydrate 50 MG ..." is not matched to "Doxycycline").
 */
import type { Medication } from '../../../lib/health-record/health-record';

export interface ReconciledMedication {
  /** The entry written. */
  med: Medication;
  /** The list entries folded into it (empty for most). */
  listed: Medication[];
}

/** RxNorm names a single-ingredient clinical drug "<ingredient> <strength> <unit> <dose form>". */
function isClinicalDrugOf(prescription: Medication, ingredient: Medication): boolean {
  const name = prescription.drug.display.toLowerCase();
  const prefix = `${ingredient.drug.display.trim().toLowerCase()} `;
  return name.startsWith(prefix) && /^\d/.test(name.slice(prefix.length)) && !name.includes(' / ');
}

export function reconcileMedications(medications: readonly Medication[]): ReconciledMedication[] {
  const activeClinicalDrugs = medications.filter(
    (m) =>
      m.source === 'PRESCRIPTION' &&
      m.status === 'ACTIVE' &&
      m.drug.system === 'RXNORM' &&
      m.termType === 'SCD',
  );
  const foldedInto = new Map<Medication, Medication>();
  for (const m of medications) {
    if (m.source !== 'HISTORY' || m.status !== 'ACTIVE' || m.termType !== 'IN') continue;
    if (m.drug.system !== 'RXNORM') continue;
    const prescription = activeClinicalDrugs.find((p) => isClinicalDrugOf(p, m));
    if (prescription) foldedInto.set(m, prescription);
  }
  return medications
    .filter((m) => !foldedInto.has(m))
    .map((med) => ({
      med,
      listed: medications.filter((m) => foldedInto.get(m) === med),
    }));
}
