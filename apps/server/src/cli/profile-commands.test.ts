import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { patient, patientProfile } from '../db/schema';
import { describeEachDatabase } from '../test/database';
import { givenPatient, givenPractice } from '../test/fixtures';
import { cliRunner } from '../test/cli';

describeEachDatabase('dermis patient:profile-flags', (t) => {
  const run = cliRunner(() => t.db);

  it('sets only the flags it is given, and refuses an unknown patient', async () => {
    const practiceId = await givenPractice(t.db);
    const id = await givenPatient(t.db, practiceId);
    const [row] = await t.db
      .select({ externalId: patient.externalId })
      .from(patient)
      .where(eq(patient.id, id));
    const ext = row!.externalId;
    const base = ['patient:profile-flags', '--practice', String(practiceId), '--patient', ext];

    expect(await run(...base, '--lk', '--imported')).toBe(
      `Profile of ${ext}: LK yes, imported yes, outside the USA no`,
    );
    expect(await run(...base, '--no-lk', '--non-usa')).toBe(
      `Profile of ${ext}: LK no, imported yes, outside the USA yes`,
    );
    const [flags] = await t.db.select().from(patientProfile).where(eq(patientProfile.patientId, id));
    expect(flags).toMatchObject({ lkPatient: false, demographicsImported: true, nonUsa: true });

    await expect(
      run('patient:profile-flags', '--practice', String(practiceId), '--patient', 'NOPE'),
    ).rejects.toThrow();
  });
});
