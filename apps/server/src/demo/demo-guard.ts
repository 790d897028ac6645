/**
 * A production portal must not open with the demo accounts in it: their passwords are published in
 * the README. The start refuses, loudly, unless ALLOW_DEMO_ACCOUNTS says this is a demonstration site.
 */
import { inArray } from 'drizzle-orm';
import type { Config } from '../config/env';
import type { Db } from '../db/database';
import { userAccount } from '../db/schema';
import { demoAccounts } from './demo-accounts';

export class DemoAccountsInProductionError extends Error {
  override name = 'DemoAccountsInProductionError';
}

export async function assertNoDemoAccountsInProduction(db: Db, config: Config): Promise<void> {
  if (config.environment !== 'production' || config.allowDemoAccounts) return;
  const usernames = Object.values(demoAccounts).map((a) => a.username);
  const found = await db
    .select({ username: userAccount.username })
    .from(userAccount)
    .where(inArray(userAccount.username, usernames));
  if (found.length === 0) return;
  throw new DemoAccountsInProductionError(
    [
      '',
      '!!! Dermis refuses to start in production: the database holds the demo accounts',
      `!!! (${found.map((r) => r.username).join(', ')}), whose passwords are published.`,
      '!!! Remove them (or start from an empty database with SEED_DEMO=false), or, for a public',
      '!!! demonstration site with no real patients, set ALLOW_DEMO_ACCOUNTS=true.',
      '',
    ].join('\n'),
  );
}
