// What the bench scripts share: a throw-away PostgreSQL database beside DATABASE_URL's, and the
// nearest-rank percentile of a sorted list of timings.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export { seededRandom } from '../apps/server/src/lib/seeded-random';

export interface ThrowAwayDatabase {
  url: string;
  drop: () => Promise<void>;
}

/** A new, empty database named `dermis_bench_<purpose>_<random>`; drop() removes it. */
export async function throwAwayPostgres(adminUrl: string, purpose: string): Promise<ThrowAwayDatabase> {
  const name = `dermis_bench_${purpose}_${randomBytes(4).toString('hex')}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** The nearest-rank percentile `p` (0–100) of timings sorted ascending; 0 for an empty list. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}
