/**
 * `dermis nppes:import <npidata_pfile….csv> [--state FL] [--taxonomy 207N,207Q] [--no-pharmacies]`:
 * loads the public NPPES monthly dissemination file into the provider directory and the pharmacy
 * directory (streamed, constant memory, idempotent
 * by NPI, progress bar on standard error), and `dermis nppes:synthetic`: loads the synthetic directory
 * around the demo clinic (the demo seed does this on a fresh demo).
 */
import fs from 'node:fs';
import type { Command } from 'commander';
import type { Db } from '../db/database';
import { demoClinicProviders } from '../features/care-team/care-team.demo';
import { importNppes, NppesFormatError } from '../features/care-team/import/nppes-import';
import { upsertProviders } from '../features/care-team/provider-directory.repository';
import { syntheticDirectory } from '../features/care-team/synthetic-directory';
import { nppesPharmacySink } from '../features/pharmacies/import/nppes-pharmacies';
import { CliInputError, progressBar } from './terminology-commands';

/** The terminology progress bar, counting providers instead of terms. */
function providerBar(label: string) {
  const out = process.stderr;
  const proxy = Object.create(out) as NodeJS.WriteStream;
  proxy.write = (text: string) => out.write(text.replace(/ terms(\n?)$/, ' providers$1'));
  return progressBar(label, proxy);
}

export interface CareTeamCliIo {
  withDatabase(fn: (db: Db) => Promise<string>): Promise<void>;
}

const list = (value: string) =>
  value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);

export async function nppesImport(
  db: Db,
  file: string,
  options: { state?: string[]; taxonomy?: string[]; pharmacies?: boolean },
  onProgress?: Parameters<typeof importNppes>[3],
): Promise<string> {
  try {
    if (!fs.statSync(file).isFile()) throw new Error();
  } catch {
    throw new CliInputError(`Cannot read ${file}: no such file.`);
  }
  for (const state of options.state ?? [])
    if (!/^[A-Za-z]{2}$/.test(state))
      throw new CliInputError(`--state takes two-letter codes, not "${state}".`);
  try {
    const s = await importNppes(
      db,
      file,
      {
        states: options.state,
        taxonomies: options.taxonomy,
        organizations: options.pharmacies === false ? undefined : nppesPharmacySink(db),
      },
      onProgress,
    );
    const n = (value: number) => value.toLocaleString('en-US');
    return `NPPES: ${n(s.written)} providers and ${n(s.organizations)} pharmacies written from ${n(s.lines)} lines (${n(s.skipped)} not needed, ${n(s.malformed)} malformed, ${n(s.removed)} deactivated removed).`;
  } catch (error) {
    if (error instanceof NppesFormatError) throw new CliInputError(error.message);
    throw error;
  }
}

export function registerCareTeamCommands(program: Command, io: CareTeamCliIo): void {
  program
    .command('nppes:import')
    .description(
      'Import individual providers (care-team search) and pharmacies (organizations with a 3336* taxonomy, geocoded by ZIP centroid) from the NPPES monthly dissemination file. Safe to run again; removes the synthetic directories.',
    )
    .argument('<file>', 'path to npidata_pfile_YYYYMMDD-YYYYMMDD.csv (from the NPPES Data Dissemination zip)')
    .option('--state <codes>', 'keep only these practice-location states, comma-separated (e.g. FL,GA)', list)
    .option(
      '--taxonomy <prefixes>',
      'keep only these taxonomy code prefixes, comma-separated (e.g. 207N,207Q)',
      list,
    )
    .option('--no-pharmacies', 'skip the pharmacies (organization rows)')
    .addHelpText(
      'after',
      '\nExample:\n  dermis nppes:import ~/NPPES_Data_Dissemination_November_2026/npidata_pfile_20050523-20261109.csv --state FL --taxonomy 207N,207Q,207R',
    )
    .action((file: string, options: { state?: string[]; taxonomy?: string[]; pharmacies?: boolean }) =>
      io.withDatabase(async (db) => {
        const bar = providerBar('NPPES    ');
        try {
          return await nppesImport(db, file, options, (p) => bar.update(p));
        } finally {
          bar.done();
        }
      }),
    );

  program
    .command('nppes:synthetic')
    .description(
      'Load the synthetic provider directory around the demo clinic (made-up providers; for demos and tests).',
    )
    .action(() =>
      io.withDatabase(async (db) => {
        const written = await upsertProviders(db, [...syntheticDirectory(), ...demoClinicProviders()]);
        return `Synthetic directory: ${written.toLocaleString('en-US')} providers written.`;
      }),
    );
}
