/**
 * A start beside a PostgreSQL that is still starting (containers started together, a managed
 * database failing over) waits for it for a bounded time, saying so in the log, instead of exiting at
 * the first refused connection. A wrong password or a missing database is not worth waiting for.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type pg from 'pg';

/** How long a start waits for an unreachable PostgreSQL before giving up. */
export const postgresStartWaitSeconds = 60;

export interface PostgresWait {
  /** Called before each pause: where, why, and how long the start keeps trying. */
  onRetry?: (info: { address: string; reason: string; waitSeconds: number }) => void;
  /** Overrides postgresStartWaitSeconds. */
  waitSeconds?: number;
}

export class PostgresUnreachableError extends Error {
  override name = 'PostgresUnreachableError';
  constructor(address: string, seconds: number, reason: string) {
    super(`PostgreSQL at ${address} could not be reached for ${seconds} s (${reason}); is it running?`);
  }
}

// Refused, reset, unresolvable, timed out, or up but still starting / shutting down (57P03).
const unreachableCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  '57P03',
]);

function unreachableReason(error: unknown): string | null {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string') return unreachableCodes.has(code) ? code : null;
  // node-postgres: "Connection terminated unexpectedly" / "… due to connection timeout" carry no code.
  const message = error instanceof Error ? error.message : '';
  return /^Connection terminated/.test(message) ? 'connection terminated' : null;
}

/** host:port of a connection URL: what the log may say (never the user or password). */
export function postgresAddress(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname || 'localhost'}:${parsed.port || '5432'}`;
  } catch {
    return 'the configured address';
  }
}

export async function waitForPostgres(pool: pg.Pool, url: string, options: PostgresWait = {}): Promise<void> {
  const waitSeconds = options.waitSeconds ?? postgresStartWaitSeconds;
  const address = postgresAddress(url);
  const deadline = Date.now() + waitSeconds * 1000;
  let pause = 250;
  for (;;) {
    try {
      await pool.query('SELECT 1');
      return;
    } catch (error) {
      const reason = unreachableReason(error);
      if (reason === null) throw error;
      const left = deadline - Date.now();
      if (left <= 0) throw new PostgresUnreachableError(address, waitSeconds, reason);
      options.onRetry?.({ address, reason, waitSeconds });
      await sleep(Math.min(pause, left));
      pause = Math.min(pause * 2, 5000);
    }
  }
}
