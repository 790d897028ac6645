/**
 * `dermis terminology:import-rxnorm <RXNCONSO.RRF>` and `dermis terminology:import-snomed
 * <sct2_Description_Snapshot…txt>`: load the full releases a practice licenses into the terminology
 * store. Streaming (constant memory), idempotent (run again, or with a newer release), with a
 * progress bar on standard error. `dermis terminology:check-starter <RXNCONSO.RRF>` checks the
 * starter drugs' codes against a release without writing anything (decision 140).
 * Registered on the program by registerTerminologyCommands.
 */
import fs from 'node:fs';
import type { Command } from 'commander';
import type { Db } from '../db/database';
import type { LineProgress } from '../lib/text/read-lines';
import { importRxNorm, type ImportSummary } from '../features/terminology/import/rxnorm-import';
import { importSnomedDescriptions } from '../features/terminology/import/snomed-import';
import { checkStarterDrugs, starterCheckText } from '../features/terminology/starter/check-starter-drugs';

export interface TerminologyCliIo {
  withDatabase(fn: (db: Db) => Promise<string>): Promise<void>;
}

export class CliInputError extends Error {
  override name = 'CliInputError';
}

type Progress = LineProgress & { written: number };

const megabytes = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;

/**
 * A progress bar: redrawn in place on a terminal (at most every 100 ms), one line per 10% otherwise
 * (logs, CI), so a long import shows it is alive either way.
 */
export function progressBar(label: string, out: NodeJS.WriteStream = process.stderr) {
  const width = 30;
  let lastDraw = 0;
  let lastTenth = -1;
  return {
    update({ bytesRead, totalBytes, written }: Progress): void {
      const ratio = totalBytes === 0 ? 1 : Math.min(1, bytesRead / totalBytes);
      const text = `${label} ${'█'.repeat(Math.round(ratio * width)).padEnd(width, '░')} ${(ratio * 100).toFixed(0).padStart(3)}%  ${megabytes(bytesRead)} / ${megabytes(totalBytes)}  ${written.toLocaleString('en-US')} terms`;
      if (out.isTTY) {
        const now = Date.now();
        if (now - lastDraw < 100 && ratio < 1) return;
        lastDraw = now;
        out.write(`\r${text}`);
      } else {
        const tenth = Math.floor(ratio * 10);
        if (tenth === lastTenth) return;
        lastTenth = tenth;
        out.write(`${text}\n`);
      }
    },
    done(): void {
      if (out.isTTY) out.write('\n');
    },
  };
}

export function summaryText(what: string, summary: ImportSummary): string {
  return `${what}: ${summary.written.toLocaleString('en-US')} terms written from ${summary.lines.toLocaleString('en-US')} lines (${summary.skipped.toLocaleString('en-US')} not needed, ${summary.malformed.toLocaleString('en-US')} malformed, ${summary.removed.toLocaleString('en-US')} old terms removed).`;
}

function readableFile(file: string): string {
  try {
    if (!fs.statSync(file).isFile()) throw new Error();
  } catch {
    throw new CliInputError(`Cannot read ${file}: no such file.`);
  }
  return file;
}

export async function terminologyImport(
  db: Db,
  kind: 'rxnorm' | 'snomed',
  file: string,
  onProgress?: (progress: Progress) => void,
): Promise<string> {
  readableFile(file);
  if (kind === 'rxnorm') return summaryText('RxNorm', await importRxNorm(db, file, onProgress));
  return summaryText('SNOMED CT', await importSnomedDescriptions(db, file, onProgress));
}

export function registerTerminologyCommands(program: Command, io: TerminologyCliIo): void {
  program
    .command('terminology:import-rxnorm')
    .description(
      "Import drug names from an RxNorm release's RXNCONSO.RRF (ingredients, brands, clinical and branded drugs, packs). Safe to run again.",
    )
    .argument('<file>', 'path to RXNCONSO.RRF (from the rrf folder of the RxNorm full release)')
    .addHelpText(
      'after',
      '\nExample:\n  dermis terminology:import-rxnorm ~/RxNorm_full_09022025/rrf/RXNCONSO.RRF',
    )
    .action((file: string) =>
      io.withDatabase(async (db) => {
        const bar = progressBar('RxNorm   ');
        try {
          return await terminologyImport(db, 'rxnorm', file, (p) => bar.update(p));
        } finally {
          bar.done();
        }
      }),
    );

  program
    .command('terminology:import-snomed')
    .description(
      'Import SNOMED CT descriptions from an RF2 snapshot description file (active English synonyms, tagged by their concept). Safe to run again.',
    )
    .argument('<file>', 'path to sct2_Description_Snapshot-en_…txt (Snapshot/Terminology of an RF2 release)')
    .addHelpText(
      'after',
      '\nExample:\n  dermis terminology:import-snomed SnomedCT_USEditionRF2_PRODUCTION_20250901T120000Z/Snapshot/Terminology/sct2_Description_Snapshot-en_US1000124_20250901.txt',
    )
    .action((file: string) =>
      io.withDatabase(async (db) => {
        const bar = progressBar('SNOMED CT');
        try {
          return await terminologyImport(db, 'snomed', file, (p) => bar.update(p));
        } finally {
          bar.done();
        }
      }),
    );

  program
    .command('terminology:check-starter')
    .description(
      "Check the starter set's drug codes against an RxNorm release's RXNCONSO.RRF: RXCUI, term type and name. Writes nothing.",
    )
    .argument('<file>', 'path to RXNCONSO.RRF (from the rrf folder of the RxNorm full release)')
    .addHelpText(
      'after',
      '\nExample:\n  dermis terminology:check-starter ~/RxNorm_full_09022025/rrf/RXNCONSO.RRF',
    )
    .action((file: string) =>
      io.withDatabase(async () => starterCheckText(await checkStarterDrugs(readableFile(file)))),
    );
}
