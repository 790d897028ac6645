/**
 * `dermis record:put` and `record:release-delay` in local mode: an entry from a JSON file is created,
 * then updated on a second run; bad JSON, an unknown kind and a bad entry are refused with the field;
 * a health status outside the HealthStatus value set is refused with the codes it may be.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { healthStatus, immunization, patient, resultReleaseDelay } from '../db/schema';
import { cliRunner } from '../test/cli';
import { describeEachDatabase } from '../test/database';
import { givenPatient, givenPractice } from '../test/fixtures';

describeEachDatabase('dermis record:put', (t) => {
  const run = cliRunner(() => t.db);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dermis-record-'));
  const write = (name: string, body: unknown) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, typeof body === 'string' ? body : JSON.stringify(body));
    return file;
  };

  it('creates and updates an entry, and refuses bad input with the field', async () => {
    const practiceId = await givenPractice(t.db);
    const patientId = await givenPatient(t.db, practiceId);
    const [{ externalId }] = (await t.db
      .select({ externalId: patient.externalId })
      .from(patient)
      .where(eq(patient.id, patientId))) as [{ externalId: string }];
    const tdap = {
      patientExternalId: externalId,
      cvxCode: '115',
      vaccineName: 'Tdap',
      occurredAt: '2026-08-01',
      status: 'completed',
      author: { name: 'Olivia Bennett, MD', organization: 'Sunshine Dermatology' },
    };
    const base = ['record:put', 'immunization', 'IMM-1', '--practice', String(practiceId)];
    expect(await run(...base, '--file', write('tdap.json', tdap))).toMatch(/immunization IMM-1 created/);
    expect(await run(...base, '--file', write('tdap2.json', { ...tdap, lotNumber: 'TD77310' }))).toMatch(
      /immunization IMM-1 updated/,
    );
    expect((await t.db.select().from(immunization)).map((i) => i.lotNumber)).toEqual(['TD77310']);

    await expect(run(...base, '--file', write('bad.json', { ...tdap, cvxCode: 'x' }))).rejects.toThrow(
      /cvxCode: Use a CVX code/,
    );
    await expect(run(...base, '--file', write('broken.json', '{'))).rejects.toThrow(/not readable JSON/);
    await expect(
      run('record:put', 'xray', 'X-1', '--practice', String(practiceId), '--file', write('x.json', {})),
    ).rejects.toThrow(/Unknown kind "xray"/);
    await expect(
      run(...base, '--file', write('nopatient.json', { ...tdap, patientExternalId: 'NOPE' })),
    ).rejects.toThrow(/No patient with external id NOPE/);

    expect(await run('record:release-delay', 'pathology', '72', '--practice', String(practiceId))).toMatch(
      /pathology are shown 72 hours/,
    );
    expect(await t.db.select().from(resultReleaseDelay)).toMatchObject([
      { category: 'pathology', delayHours: 72 },
    ]);
    await expect(
      run('record:release-delay', 'imaging', '1', '--practice', String(practiceId)),
    ).rejects.toThrow(/lab or pathology/);
  });

  it('records a health status and refuses a code outside the HealthStatus value set', async () => {
    const practiceId = await givenPractice(t.db);
    const patientId = await givenPatient(t.db, practiceId);
    const [{ externalId }] = (await t.db
      .select({ externalId: patient.externalId })
      .from(patient)
      .where(eq(patient.id, patientId))) as [{ externalId: string }];
    const status = {
      patientExternalId: externalId,
      code: '161901003',
      author: { name: 'Olivia Bennett, MD', organization: 'Sunshine Dermatology' },
    };
    const base = ['record:put', 'health-status', 'HS-1', '--practice', String(practiceId)];
    expect(await run(...base, '--file', write('status.json', status))).toMatch(/health-status HS-1 created/);
    expect(await t.db.select().from(healthStatus)).toMatchObject([
      { code: '161901003', status: 'final', patientId },
    ]);
    // Psoriasis (9014002) is a diagnosis, not an assessment of overall health.
    await expect(
      run(...base, '--file', write('psoriasis.json', { ...status, code: '9014002' })),
    ).rejects.toThrow(
      /code: The health status 9014002 is not in the HL7 HealthStatus value set; .*161901003/,
    );
  });
});
