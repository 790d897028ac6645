/**
 * `dermis pharmacy:synthetic`: loads the synthetic pharmacy directory around the demo clinic (the
 * demo seed does this on a fresh demo). Real pharmacies come with `dermis nppes:import`.
 */
import type { Command } from 'commander';
import type { Db } from '../db/database';
import { upsertPharmacies } from '../features/pharmacies/pharmacy-directory.repository';
import { syntheticPharmacies } from '../features/pharmacies/synthetic-pharmacies';

export interface PharmacyCliIo {
  withDatabase(fn: (db: Db) => Promise<string>): Promise<void>;
}

export function registerPharmacyCommands(program: Command, io: PharmacyCliIo): void {
  program
    .command('pharmacy:synthetic')
    .description(
      'Load the synthetic pharmacy directory around the demo clinic in Naples, FL (made-up stores; for demos and tests).',
    )
    .action(() =>
      io.withDatabase(async (db) => {
        const written = await upsertPharmacies(db, await syntheticPharmacies());
        return `Synthetic pharmacies: ${written.toLocaleString('en-US')} pharmacies written.`;
      }),
    );
}
