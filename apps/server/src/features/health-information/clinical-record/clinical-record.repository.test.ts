import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { patient, resultReport } from '../../../db/schema';
import { demoAccounts, demoMinor } from '../../../demo/demo-accounts';
import { seedDemo } from '../../../demo/seed';
import { describeEachDatabase } from '../../../test/database';
import {
  carePlanInRange,
  clinicalNotesInRange,
  immunizationsInRange,
  prescriptionsInRange,
  resultsInRange,
  vitalSignsInRange,
} from './clinical-record.repository';

const all = { from: null, to: null };
const day = 24 * 60 * 60 * 1000;

describeEachDatabase('clinical record reads', (t) => {
  const patientId = async (externalId: string) =>
    (await t.db.select({ id: patient.id }).from(patient).where(eq(patient.externalId, externalId)))[0]!.id;

  it('read the demo record of Maria by section, in order, with provenance and visits', async () => {
    await seedDemo(t.db);
    const maria = await patientId(demoAccounts.patient.externalId);

    const results = await resultsInRange(t.db, maria, all);
    expect(results.map((r) => r.externalId)).toEqual([
      'DEMO-LAB-LFT-4',
      'DEMO-LAB-LFT-3',
      'DEMO-PATH-1',
      'DEMO-LAB-LFT-2',
      'DEMO-LAB-LFT-1',
    ]);
    const pathology = results.find((r) => r.category === 'pathology')!;
    expect(pathology).toMatchObject({
      status: 'final',
      diagnosisCode: '402523001',
      authorName: 'Jonathan Weiss, MD',
      authorOrganization: 'Gulf Coast Dermatopathology',
      encounterExternalId: 'DEMO-ENC-HI-1',
      statusHistory: [{ status: 'preliminary' }, { status: 'final' }],
    });
    expect(pathology.narrative).toContain('BASAL CELL CARCINOMA, NODULAR TYPE');
    const highAlt = results
      .flatMap((r) => r.observations)
      .filter((o) => o.code === '1742-6' && o.interpretation === 'H');
    expect(highAlt).toHaveLength(1);
    expect(results.find((r) => r.externalId === 'DEMO-LAB-LFT-2')).toMatchObject({
      status: 'corrected',
      version: 2,
    });

    const vitals = await vitalSignsInRange(t.db, maria, all);
    expect(vitals).toHaveLength(3);
    expect(vitals[0]!.measurements).toContainEqual({ code: '8480-6', value: 121, unit: 'mm[Hg]' });
    expect(vitals[0]!.encounterExternalId).toBe('DEMO-ENC-1');

    expect((await immunizationsInRange(t.db, maria, all)).map((i) => i.cvxCode)).toEqual([
      '187',
      '115',
      '158',
    ]);
    expect((await clinicalNotesInRange(t.db, maria, all)).map((n) => n.noteTypeCode)).toEqual([
      '11506-3',
      '28570-0',
      '11506-3',
    ]);
    const plan = await carePlanInRange(t.db, maria, all);
    expect(plan.items).toHaveLength(6);
    expect(plan.goals.map((g) => g.status)).toContain('achieved');
    expect(plan.concerns.map((c) => c.code)).toContain('R74.01');

    const prescriptions = await prescriptionsInRange(t.db, maria, all);
    expect(prescriptions.find((p) => p.externalId === 'DEMO-RX-1')).toMatchObject({
      rxnormCode: '105586',
      doseQuantity: 1,
      doseUnit: '{tbl}',
      routeCode: 'C38288',
      frequencyPeriodValue: 1,
      frequencyPeriodUnit: 'wk',
    });
  });

  it('narrow every section to the range, and leave unreleased results out', async () => {
    await seedDemo(t.db);
    const maria = await patientId(demoAccounts.patient.externalId);
    const lastTwoMonths = { from: new Date(Date.now() - 60 * day), to: new Date() };

    expect((await resultsInRange(t.db, maria, lastTwoMonths)).map((r) => r.externalId)).toEqual([
      'DEMO-LAB-LFT-4',
    ]);
    expect(await vitalSignsInRange(t.db, maria, lastTwoMonths)).toHaveLength(1);
    expect(await immunizationsInRange(t.db, maria, lastTwoMonths)).toHaveLength(1);
    expect(await clinicalNotesInRange(t.db, maria, lastTwoMonths)).toHaveLength(1);
    const plan = await carePlanInRange(t.db, maria, { from: null, to: new Date(Date.now() - 60 * day) });
    expect(plan.items).toHaveLength(0);
    expect(plan.goals.map((g) => g.externalId)).toEqual(['DEMO-GOAL-3']);

    await t.db
      .update(resultReport)
      .set({ releasedAt: new Date(Date.now() + day) })
      .where(eq(resultReport.externalId, 'DEMO-LAB-LFT-4'));
    expect(await resultsInRange(t.db, maria, lastTwoMonths)).toEqual([]);
    expect(await resultsInRange(t.db, maria, lastTwoMonths, { releasedBy: null })).toHaveLength(1);

    const emma = await patientId(demoMinor.externalId);
    expect((await resultsInRange(t.db, emma, all)).map((r) => r.code)).toEqual(['6463-4', '19113-0']);
  });
});
