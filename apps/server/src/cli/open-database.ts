/** Opens and migrates the configured database exactly as the server does (same lock, same config). */
import { loadConfig } from '../config/env';
import type { Database } from '../db/database';
import { openDatabase } from '../db/database';
import { migrate } from '../db/migrate';

export async function openConfiguredDatabase(): Promise<{ database: Database; applied: string[] }> {
  let said = false;
  const database = await openDatabase(loadConfig().database, {
    onRetry: ({ address, reason, waitSeconds }) => {
      if (said) return;
      said = true;
      console.error(
        `PostgreSQL at ${address} is not reachable yet (${reason}); retrying for up to ${waitSeconds} s`,
      );
    },
  });
  try {
    return { database, applied: await migrate(database) };
  } catch (error) {
    await database.close();
    throw error;
  }
}

/** The message an operator should see for an error, or null when it is a bug (print the stack). */
export function operatorMessage(error: unknown): string | null {
  if (
    error instanceof Error &&
    ['ConfigError', 'DataDirLockedError', 'PostgresUnreachableError', 'HttpError', 'CliInputError'].includes(
      error.name,
    )
  ) {
    return error.message;
  }
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'ECONNREFUSED' || code === '28P01' || code === '3D000') {
    return `Cannot connect to the database: ${(error as Error).message}`;
  }
  return null;
}
