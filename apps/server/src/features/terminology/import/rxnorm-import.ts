/**
 * Imports RxNorm drug names from a release's RXNCONSO.RRF (format: ./rxnconso.ts).
 * Only RxNorm's own English atoms (SAB RXNORM, LAT ENG) that are not suppressed (SUPPRESS N) and whose
 * term type the drug search answers (contract drugConceptTypes) are kept. A complete run replaces the
 * starter drugs and removes drugs of an earlier import that this release no longer has.
 */
import { drugConceptTypes } from '@dermis/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/database';
import { terminologyTerm } from '../../../db/schema';
import { readLines, type LineProgress } from '../../../lib/text/read-lines';
import { isCurrentRxNormAtom, parseRxnconsoLine } from './rxnconso';
import { TermWriter } from './term-writer';

/** Ingredients and brands before clinical drugs and packs. */
export const rxnormPriority: Readonly<Record<string, number>> = {
  IN: 60,
  BN: 55,
  PIN: 50,
  MIN: 50,
  SCD: 30,
  SBD: 30,
  GPCK: 20,
  BPCK: 20,
};

const wanted = new Set<string>(drugConceptTypes);

export interface ImportSummary {
  lines: number;
  written: number;
  skipped: number;
  malformed: number;
  removed: number;
}

export async function importRxNorm(
  db: Db,
  file: string,
  onProgress?: (progress: LineProgress & { written: number }) => void,
): Promise<ImportSummary> {
  const writer = new TermWriter(db, 'rxnorm', new Date());
  let skipped = 0;
  let malformed = 0;

  const lines = await readLines(
    file,
    async (line) => {
      if (line.length === 0) return;
      const atom = parseRxnconsoLine(line);
      if (!atom) {
        malformed += 1;
        return;
      }
      const { rxcui, tty, str } = atom;
      if (!isCurrentRxNormAtom(atom) || !wanted.has(tty)) {
        skipped += 1;
        return;
      }
      if (!/^\d{1,32}$/.test(rxcui) || str.length === 0 || str.length > 1000) {
        malformed += 1;
        return;
      }
      await writer.add({
        domain: 'DRUG',
        codeSystem: 'RXNORM',
        code: rxcui,
        term: str,
        kind: tty,
        priority: rxnormPriority[tty] ?? 10,
      });
    },
    onProgress && ((progress) => onProgress({ ...progress, written: writer.written })),
  );
  await writer.flush();

  let removed = 0;
  if (writer.written > 0) {
    removed = await writer.removeStale('DRUG');
    // The licensed release supersedes the few starter drugs.
    const starter = await db
      .delete(terminologyTerm)
      .where(and(eq(terminologyTerm.domain, 'DRUG'), eq(terminologyTerm.source, 'starter')))
      .returning({ id: terminologyTerm.id });
    removed += starter.length;
  }
  return { lines, written: writer.written, skipped, malformed, removed };
}
