/**
 * Folders the server reads at run time, found the same way whether it runs from source
 * (apps/server/src/…, under tsx in development and tests) or from the compiled bundle
 * (apps/server/dist/*.js, `npm start`): walk up from this module to the folder holding the
 * server's package.json and its migrations.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function findServerRoot(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json')) && fs.existsSync(path.join(dir, 'migrations'))) {
      return dir;
    }
    if (path.dirname(dir) === dir) throw new Error(`No apps/server folder above ${start}`);
  }
}

/** apps/server */
export const serverRoot = findServerRoot(path.dirname(fileURLToPath(import.meta.url)));
/** The repository root (two levels above apps/server). */
export const repoRoot = path.resolve(serverRoot, '../..');
/** The committed SQL migrations (apps/server/migrations). */
export const migrationsDir = path.join(serverRoot, 'migrations');
