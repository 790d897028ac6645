import { expect, it } from 'vitest';
import { buildApp } from '../app';
import { testConfig } from '../test/config';
import { describeEachDatabase } from '../test/database';
import { DemoAccountsInProductionError } from './demo-guard';
import { seedDemo } from './seed';

describeEachDatabase('a production start with the demo accounts', (t) => {
  it('refuses, naming the accounts and the way out', async () => {
    await seedDemo(t.db);
    const start = buildApp(testConfig({ environment: 'production' }), { database: t.database });
    await expect(start).rejects.toThrow(DemoAccountsInProductionError);
    await expect(
      buildApp(testConfig({ environment: 'production' }), { database: t.database }),
    ).rejects.toThrow(/demo\.patient[\s\S]*ALLOW_DEMO_ACCOUNTS=true/);
  });

  it('starts when ALLOW_DEMO_ACCOUNTS says it is a demonstration site, or outside production', async () => {
    await seedDemo(t.db);
    for (const overrides of [
      { environment: 'production' as const, allowDemoAccounts: true },
      { environment: 'development' as const },
    ]) {
      const app = await buildApp(testConfig(overrides), { database: t.database });
      await app.close();
    }
  });

  it('starts in production on a database without them', async () => {
    const app = await buildApp(testConfig({ environment: 'production' }), { database: t.database });
    await app.close();
  });
});
