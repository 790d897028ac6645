import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { practice } from '../db/schema';
import { describeEachDatabase } from '../test/database';
import { givenPractice } from '../test/fixtures';
import { cliRunner } from '../test/cli';

describeEachDatabase('dermis practice:set-mfa', (t) => {
  const run = cliRunner(() => t.db);
  const flag = async (id: number) =>
    (await t.db.select().from(practice).where(eq(practice.id, id)))[0]!.mfaRequiredByPracticeAdmin;

  it('turns the practice requirement on and off', async () => {
    const id = await givenPractice(t.db);
    expect(await run('practice:set-mfa', '--practice', String(id), '--required', 'true')).toContain(
      'required',
    );
    expect(await flag(id)).toBe(true);
    await run('practice:set-mfa', '--practice', String(id), '--required', 'false');
    expect(await flag(id)).toBe(false);
  });

  it('refuses anything but true or false, and an unknown practice', async () => {
    const id = await givenPractice(t.db);
    await expect(run('practice:set-mfa', '--practice', String(id), '--required', 'yes')).rejects.toThrow();
    await expect(run('practice:set-mfa', '--practice', '999', '--required', 'true')).rejects.toThrow(/999/);
    expect(await flag(id)).toBe(false);
  });
});
