import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { fhirInvite, patient } from '../db/schema';
import { describeEachDatabase } from '../test/database';
import { givenPatient, givenPractice } from '../test/fixtures';
import { cliRunner } from '../test/cli';

describeEachDatabase('dermis fhir:invite and fhir:revoke', (t) => {
  const run = cliRunner(() => t.db);

  it('issues, reissues and revokes a code, and refuses an unknown patient', async () => {
    const practiceId = await givenPractice(t.db);
    const id = await givenPatient(t.db, practiceId);
    const [row] = await t.db.select({ ext: patient.externalId }).from(patient).where(eq(patient.id, id));
    const args = ['--practice', String(practiceId), '--patient', row!.ext];

    const first = await run('fhir:invite', ...args);
    expect(first).toMatch(
      new RegExp(`^FHIR invite code of ${row!.ext}: [A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$`),
    );
    await run('fhir:invite', ...args);
    const codes = await t.db.select().from(fhirInvite).where(eq(fhirInvite.patientId, id));
    expect(codes).toHaveLength(2);
    expect(codes.filter((c) => c.revokedAt === null)).toHaveLength(1);

    expect(await run('fhir:revoke', ...args)).toBe(`FHIR invite code of ${row!.ext} revoked.`);
    expect(await run('fhir:revoke', ...args)).toBe(`${row!.ext} had no FHIR invite code.`);
    const [flags] = await t.db
      .select({ p: patient.hasFhirPermission, i: patient.patientFhirInvite })
      .from(patient)
      .where(eq(patient.id, id));
    expect(flags).toEqual({ p: false, i: false });

    await expect(run('fhir:invite', '--practice', String(practiceId), '--patient', 'NOPE')).rejects.toThrow();
    await expect(run('fhir:invite', '--practice', 'x', '--patient', row!.ext)).rejects.toThrow();
  });
});
