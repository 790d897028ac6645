// The Health Information page's first load answers from a cache checked against the record's
// revision (decision 314, migration 0492). These tests change, behind the server's back (as another
// instance, the integration API or a script would), every table the page shows, every way a row can
// change, and prove the next answer is exactly a fresh server's and differs from the one before; and
// that a result held back is shown once its release time has come, with nothing written.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, expect, it, vi } from 'vitest';
import {
  careGoal,
  carePlanItem,
  clinicalNote,
  healthConcern,
  healthStatus,
  immunization,
  resultObservation,
  resultRead,
  resultReport,
  resultReportStatus,
  vitalSign,
  vitalSignSet,
} from '../../../db/schema';
import { useTestApp } from '../../../test/app';
import { describeEachDatabase } from '../../../test/database';
import { bearer, givenFamily, givenPracticeWithKey, signIn } from '../../../test/fixtures';

const at = (day: number) => new Date(Date.UTC(2025, 0, day, 12));

describeEachDatabase('clinical record first load: the cache never answers a changed record', (t) => {
  const newApp = useTestApp(t);
  afterEach(() => {
    vi.useRealTimers();
  });

  const given = async () => {
    const { practiceId } = await givenPracticeWithKey(t.db);
    const { guardian, minorId } = await givenFamily(t.db, practiceId);
    const app = await newApp();
    const token = (await signIn(app, 'daniel', guardian.password)).accessToken;
    const entry = (patientId: number, n: number) => ({
      practiceId,
      patientId,
      externalId: `E-${n}`,
      authorName: `Author ${n}`,
      authorOrganization: 'Sunshine Dermatology',
      recordedAt: at(n),
    });
    const pageOf = async (server: FastifyInstance, patientId: number, ask = '?limit=20') => {
      const answer = await server.inject({
        method: 'GET',
        url: `/api/app/patient/healthInfo/clinicalRecord/_rid/${patientId}${ask}`,
        headers: { ...bearer(token), 'accept-encoding': 'identity' },
      });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
      return answer.body;
    };
    let before = new Map<string, string>();
    /** Each ask's answer (the second read the cache's) must be a fresh server's, and not what it was. */
    const check = async (
      change: string,
      patientId: number,
      asks = ['?limit=20', '?limit=1&trend=2951-2'],
    ) => {
      const now = new Map<string, string>();
      // Another server on the same database, with an empty cache (and the same signing key).
      const fresh = await newApp({ jwtSecret: app.config.jwtSecret });
      for (const ask of asks) {
        const key = `${patientId}${ask}`;
        const cached = await pageOf(app, patientId, ask);
        expect(await pageOf(app, patientId, ask), `${change} ${ask}`).toBe(cached);
        expect(cached, `${change} ${ask}`).toBe(await pageOf(fresh, patientId, ask));
        if (before.has(key)) expect(cached, `${change} ${ask}`).not.toBe(before.get(key));
        now.set(key, cached);
      }
      before = new Map([...before, ...now]);
      await fresh.close();
    };
    return { app, token, guardian, minorId, entry, check, pageOf };
  };

  it('answers every insert, change and delete of a result, its observations, statuses and read marks', async () => {
    const { app, token, guardian, minorId, entry, check } = await given();
    const patientId = guardian.patientId;
    await check('empty', patientId);

    const [report] = await t.db
      .insert(resultReport)
      .values({
        ...entry(patientId, 1),
        category: 'lab',
        code: '24323-8',
        name: 'Metabolic panel',
        status: 'final',
        effectiveAt: at(1),
        issuedAt: at(1),
        releasedAt: at(1),
      })
      .returning({ id: resultReport.id });
    const reportId = report!.id;
    await check('a result', patientId);
    await t.db.insert(resultObservation).values([
      { reportId, position: 0, code: '2951-2', name: 'Sodium', valueNumeric: 140, unit: 'mmol/L' },
      { reportId, position: 1, code: '2951-2', name: 'Sodium again', valueNumeric: 141, unit: 'mmol/L' },
    ]);
    await check('its observations', patientId);
    await t.db.execute(sql`update result_observation set value_numeric = 139 where position = 0`);
    await check('an observation changed', patientId);
    await t.db.delete(resultObservation).where(sql`position = 1`);
    await check('an observation deleted', patientId);
    await t.db.insert(resultReportStatus).values([
      { reportId, version: 1, status: 'preliminary', issuedAt: at(1) },
      { reportId, version: 2, status: 'final', issuedAt: at(2) },
    ]);
    await t.db.execute(sql`update result_report set version = 2 where id = ${reportId}`);
    await check('a result corrected', patientId);
    await t.db.execute(sql`update result_report_status set status = 'corrected' where version = 1`);
    await check('a status changed', patientId);
    await t.db.delete(resultReportStatus).where(sql`version = 1`);
    await check('a status deleted', patientId);
    await t.db.insert(resultRead).values({ reportId, userId: guardian.userId, version: 2 });
    await check('read', patientId);
    await t.db.execute(sql`update result_read set version = 1`);
    await check('read at its older version', patientId);
    await t.db.execute(sql`update result_read set version = 2`);
    await check('read at its version again', patientId);
    await t.db.delete(resultRead);
    await check('the read mark deleted', patientId);
    const marked = await app.inject({
      method: 'POST',
      url: '/api/app/patient/healthInfo/results/markRead',
      headers: bearer(token),
      payload: { patientId, resultId: reportId },
    });
    expect(marked.statusCode).toBe(200);
    await check('marked read through the call', patientId);

    await t.db.execute(sql`update result_report set patient_id = ${minorId}`);
    await check('the result moved to another patient', patientId);
    await check('the result moved from another patient', minorId);
    await t.db.execute(sql`delete from result_report`);
    await check('the result deleted with its observations', minorId);
  });

  it('answers every insert, change and delete of vital signs and their measurements', async () => {
    const { guardian, minorId, entry, check } = await given();
    const patientId = guardian.patientId;
    await check('empty', patientId);
    const [set] = await t.db
      .insert(vitalSignSet)
      .values({ ...entry(patientId, 2), effectiveAt: at(2) })
      .returning({ id: vitalSignSet.id });
    await check('vital signs', patientId);
    await t.db.insert(vitalSign).values({ setId: set!.id, code: '8480-6', value: 120, unit: 'mm[Hg]' });
    await check('a measurement', patientId);
    await t.db.execute(sql`update vital_sign set value = 121.5`);
    await check('a measurement changed', patientId);
    await t.db.delete(vitalSign);
    await check('a measurement deleted', patientId);

    await t.db.execute(sql`update vital_sign_set set patient_id = ${minorId}`);
    await check('the vital signs moved to another patient', patientId);
    await check('the vital signs moved from another patient', minorId);
    await t.db.execute(sql`delete from vital_sign_set`);
    await check('the vital signs deleted', minorId);
  });

  const simple = [
    [
      immunization,
      'immunization',
      { cvxCode: '140', vaccineName: 'Influenza', occurredAt: at(3), status: 'completed' as const },
      sql`vaccine_name = 'Influenza, seasonal'`,
    ],
    [
      clinicalNote,
      'clinical_note',
      {
        noteTypeCode: '11506-3',
        noteTypeName: 'Progress note',
        title: 'Visit',
        text: 'Fine.',
        authoredAt: at(4),
      },
      sql`title = 'Visit again'`,
    ],
    [
      carePlanItem,
      'care_plan_item',
      { kind: 'visit' as const, description: 'Skin check', plannedAt: at(40), status: 'active' as const },
      sql`description = 'Skin check again'`,
    ],
    [
      careGoal,
      'care_goal',
      { description: 'Clear skin', status: 'active' as const, priority: 'high' as const },
      sql`description = 'Clearer skin'`,
    ],
    [
      healthConcern,
      'health_concern',
      { description: 'Psoriasis', status: 'active' as const },
      sql`description = 'Dry skin'`,
    ],
    [healthStatus, 'health_status', { code: '135815002', status: 'final' as const }, sql`code = '765205004'`],
  ] as const;
  it.each(simple.map((kind) => [kind[1], kind] as const))(
    'answers every insert, change, move and delete of %s',
    async (_, [table, name, values, change]) => {
      const { guardian, minorId, entry, check } = await given();
      const patientId = guardian.patientId;
      await check('empty', patientId);
      // Each table's own columns; the shared ones from `entry`.
      await t.db.insert(table as typeof immunization).values({ ...entry(patientId, 5), ...values } as never);
      await check(`${name} inserted`, patientId);
      await t.db.execute(sql`update ${sql.identifier(name)} set ${change}`);
      await check(`${name} changed`, patientId);
      await t.db.execute(sql`update ${sql.identifier(name)} set patient_id = ${minorId}`);
      await check(`${name} moved to another patient`, patientId);
      await check(`${name} moved from another patient`, minorId);
      await t.db.execute(sql`delete from ${sql.identifier(name)}`);
      await check(`${name} deleted`, minorId);
    },
  );

  it('shows a held-back result once its release time has come', async () => {
    const { app, guardian, entry, pageOf } = await given();
    const patientId = guardian.patientId;
    const releasedAt = new Date(Date.now() + 60_000);
    await t.db.insert(resultReport).values({
      ...entry(patientId, 1),
      category: 'lab',
      code: '24323-8',
      name: 'Held back',
      status: 'final',
      effectiveAt: at(1),
      issuedAt: at(1),
      releasedAt,
    });
    const held = await pageOf(app, patientId);
    expect(held).toContain('"results":[]');
    expect(await pageOf(app, patientId)).toBe(held);
    // Only the clock moves: nothing is written, so the revision stays.
    vi.useFakeTimers({ toFake: ['Date'], now: releasedAt.getTime() });
    const released = await pageOf(app, patientId);
    expect(released).toContain('"name":"Held back"');
  });
});
