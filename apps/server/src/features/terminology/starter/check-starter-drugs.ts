/**
 * Checks the starter drugs against an RxNorm release (`dermis terminology:check-starter
 * <RXNCONSO.RRF>`): for each one, does the release have that RXCUI, as a concept of that term type,
 * with that name among its RxNorm names (the normalised name, the prescribable name PSN or a
 * synonym)? Whoever holds a release can so settle the codes decision 140 leaves unverified without
 * importing it. Reads the file in constant memory and keeps only the starter concepts' atoms.
 */
import { readLines } from '../../../lib/text/read-lines';
import { isCurrentRxNormAtom, parseRxnconsoLine } from '../import/rxnconso';
import { starterDrugs, type StarterDrug } from './starter-curated';

/** Term types that name a concept another way rather than say what kind of concept it is. */
const synonymTypes = new Set(['SY', 'PSN', 'TMSY', 'ET']);

interface ReleaseConcept {
  types: Set<string>;
  /** Lower-case RxNorm names of the concept, its normalised name first. */
  names: string[];
  normalisedName?: string;
}

export interface StarterDrugFinding {
  drug: StarterDrug;
  /** Why the release does not confirm the drug; absent when it does. */
  problem?: string;
}

export async function checkStarterDrugs(
  file: string,
  drugs: readonly StarterDrug[] = starterDrugs,
): Promise<StarterDrugFinding[]> {
  const wanted = new Set(drugs.map((d) => d.rxcui));
  const concepts = new Map<string, ReleaseConcept>();
  await readLines(file, (line) => {
    const atom = parseRxnconsoLine(line);
    if (!atom || !wanted.has(atom.rxcui) || !isCurrentRxNormAtom(atom)) return;
    const concept = concepts.get(atom.rxcui) ?? { types: new Set<string>(), names: [] };
    concepts.set(atom.rxcui, concept);
    concept.names.push(atom.str.toLowerCase());
    if (!synonymTypes.has(atom.tty)) {
      concept.types.add(atom.tty);
      concept.normalisedName ??= atom.str;
    }
  });
  return drugs.map((drug) => ({ drug, problem: problemOf(drug, concepts.get(drug.rxcui)) }));
}

function problemOf(drug: StarterDrug, concept: ReleaseConcept | undefined): string | undefined {
  if (!concept) return 'this release has no current RxNorm concept with that RXCUI';
  const types = [...concept.types].sort().join('/') || 'synonyms only';
  if (!concept.types.has(drug.tty))
    return `the release has it as ${types} "${concept.normalisedName ?? concept.names[0]}"`;
  if (!concept.names.includes(drug.name.toLowerCase()))
    return `the release names it "${concept.normalisedName ?? concept.names[0]}" (${types})`;
  return undefined;
}

export function starterCheckText(findings: readonly StarterDrugFinding[]): string {
  const problems = findings.filter((f) => f.problem);
  const head = `Starter drugs: ${findings.length - problems.length} of ${findings.length} confirmed by this release (RXCUI, term type and name).`;
  if (problems.length === 0) return head;
  const lines = problems.map(
    ({ drug, problem }) => `  ${drug.rxcui} ${drug.name} (${drug.tty}, ${drug.verifiedBy}): ${problem}`,
  );
  return [head, 'Not confirmed (correct them in a migration, see docs/decisions/140):', ...lines].join('\n');
}
