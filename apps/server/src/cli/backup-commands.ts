/** `dermis backup <folder>` and `dermis restore <folder>`: the embedded database and DATA_DIR's files. */
import type { Command } from 'commander';
import { loadConfig } from '../config/env';
import { backupDataDir, restoreDataDir } from '../lib/backup/backup';

export function registerBackupCommands(program: Command, print: (text: string) => void): void {
  program
    .command('backup')
    .description(
      'Back up the embedded database and the data folder (blobs, signing secret) into a new folder, ' +
        'while the server runs or not. With DATABASE_URL use pg_dump instead.',
    )
    .argument('<folder>', 'a new or empty folder for the backup')
    .addHelpText('after', '\nExample:\n  DATA_DIR=/srv/dermis dermis backup /backups/dermis-2026-11-29')
    .action(async (folder: string) => print(await backupDataDir(loadConfig(), folder)));

  program
    .command('restore')
    .description('Restore a backup made by `dermis backup` into DATA_DIR, which must hold no database yet.')
    .argument('<folder>', 'the backup folder')
    .addHelpText(
      'after',
      '\nExample:\n  DATA_DIR=/srv/dermis-restored dermis restore /backups/dermis-2026-11-29',
    )
    .action(async (folder: string) => print(await restoreDataDir(loadConfig(), folder)));
}
