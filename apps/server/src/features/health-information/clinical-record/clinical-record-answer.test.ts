/**
 * The clinical record's answers, byte for byte: a record with every kind of entry and the cases a
 * faster read could get wrong (ties in time, a corrected result and its status history, a result
 * read at an older version, one not yet released, text and fractional values, a sub-millisecond
 * instant, an open and a closed range, a withdrawn health status, an undated plan item). The bodies
 * were pinned against the record's reads before they became prepared statements (decision 284);
 * identities restart with every test, so the ids are part of the pin.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { beforeEach, expect, it } from 'vitest';
import {
  careGoal,
  carePlanItem,
  clinicalNote,
  encounter,
  healthConcern,
  healthStatus,
  immunization,
  resultObservation,
  resultRead,
  resultReport,
  resultReportStatus,
  vitalSign,
  vitalSignSet,
  type ResultStatus,
} from '../../../db/schema';
import { useTestApp } from '../../../test/app';
import { describeEachDatabase } from '../../../test/database';
import { bearer, givenFamily, givenPracticeWithKey, signIn, type UserFixture } from '../../../test/fixtures';

/** The 6th day's result was corrected. */
const statusOf = (n: number): ResultStatus => (n === 6 ? 'corrected' : 'final');

/** Day `n` of 2025 at `hour` UTC. */
const at = (n: number, hour = 12) => new Date(Date.UTC(2025, 0, n, hour));

const asks = [
  '?limit=20',
  '?limit=2',
  '?limit=2&trend=2951-2',
  '?limit=3&from=2025-01-04T00:00:00Z&to=2025-01-09T00:00:00Z',
  '',
  '?from=2025-01-05T12:00:00Z',
  '?section=results',
  '?section=carePlan&limit=1',
  '?section=notes&limit=2',
  // The chart's choice: from the 5th the first test (sodium) has no flagged value and the second
  // (glucose) has; an unknown test falls back as if none were asked; from the 8th no test is
  // measured twice, so there is no chart.
  '?limit=2&from=2025-01-05T00:00:00Z',
  '?limit=2&from=2025-01-05T00:00:00Z&trend=2951-2',
  '?limit=2&trend=0000-0',
  '?limit=2&from=2025-01-08T00:00:00Z',
];

describeEachDatabase('clinical record: the answers, byte for byte', (t) => {
  const newApp = useTestApp(t);
  let app: FastifyInstance;
  let guardian: UserFixture;
  let token: string;

  beforeEach(async () => {
    const { practiceId } = await givenPracticeWithKey(t.db);
    ({ guardian } = await givenFamily(t.db, practiceId));
    const patientId = guardian.patientId;
    const [visit] = await t.db
      .insert(encounter)
      .values({ practiceId, patientId, externalId: 'ENC-1', dateOfService: at(3) })
      .returning({ id: encounter.id });
    const entry = (n: number, extra: { encounterId?: number } = {}) => ({
      practiceId,
      patientId,
      externalId: `E-${n}`,
      authorName: `Author ${n}`,
      authorNpi: n % 2 ? '1339047627' : null,
      authorOrganization: 'Sunshine Dermatology',
      recordedAt: at(n, 15),
      ...extra,
    });

    // Results: a lab every day from the 1st to the 8th (the 5th twice at the same instant), a
    // pathology report, one held back until 2100.
    const reports = await t.db
      .insert(resultReport)
      .values([
        ...[1, 2, 3, 4, 5, 6, 7, 8].map((n) => ({
          ...entry(n, n === 3 ? { encounterId: visit!.id } : {}),
          category: 'lab' as const,
          code: '24323-8',
          name: `Metabolic panel ${n}`,
          status: statusOf(n),
          effectiveAt: at(n),
          issuedAt: at(n, 18),
          specimen: n === 2 ? 'Serum' : null,
          narrative: n === 4 ? 'Fasting.\nRepeat in "3" months.' : null,
          version: n === 6 ? 2 : 1,
          releasedAt: at(n, 20),
        })),
        {
          ...entry(50),
          category: 'lab' as const,
          code: '24323-8',
          name: 'Metabolic panel 5 bis',
          status: 'final' as const,
          effectiveAt: at(5),
          issuedAt: at(5, 18),
          releasedAt: at(5, 20),
        },
        {
          ...entry(60),
          category: 'pathology' as const,
          code: '22637-3',
          name: 'Skin biopsy',
          status: 'final' as const,
          effectiveAt: at(7, 9),
          issuedAt: at(9),
          specimen: 'Skin, left forearm',
          narrative: 'Basal cell carcinoma, nodular type; margins clear.',
          diagnosisCode: '254701007',
          diagnosisDisplay: 'Basal cell carcinoma of skin',
          releasedAt: at(9, 1),
        },
        {
          ...entry(70),
          category: 'lab' as const,
          code: '24323-8',
          name: 'Held back',
          status: 'final' as const,
          effectiveAt: at(8, 13),
          issuedAt: at(8, 18),
          releasedAt: new Date(Date.UTC(2100, 0, 1)),
        },
      ])
      .returning({ id: resultReport.id, version: resultReport.version, issuedAt: resultReport.issuedAt });
    await t.db.insert(resultObservation).values(
      reports.flatMap((r, i) => [
        {
          reportId: r.id,
          position: 0,
          code: '2951-2',
          name: 'Sodium',
          valueNumeric: 135 + i + 0.1,
          unit: 'mmol/L',
          referenceLow: 135,
          referenceHigh: 145,
          interpretation: i === 3 ? ('L' as const) : ('N' as const),
        },
        {
          reportId: r.id,
          position: 1,
          code: '2345-7',
          name: i === 0 ? 'Glucose (first)' : 'Glucose',
          valueNumeric: i === 2 ? null : 1 / (i + 3),
          valueText: i === 2 ? 'hemolysed' : null,
          unit: i === 2 ? null : 'mg/dL',
          referenceText: i === 2 ? 'not reported' : null,
          interpretation: i === 5 ? ('HH' as const) : null,
        },
      ]),
    );
    await t.db.insert(resultReportStatus).values(
      reports.flatMap((r): (typeof resultReportStatus.$inferInsert)[] =>
        r.version === 2
          ? [
              { reportId: r.id, version: 1, status: 'preliminary' as const, issuedAt: at(5) },
              { reportId: r.id, version: 2, status: 'corrected' as const, issuedAt: r.issuedAt },
            ]
          : [{ reportId: r.id, version: 1, status: 'final' as const, issuedAt: r.issuedAt }],
      ),
    );
    // A status issued at an instant finer than a millisecond.
    await t.db.execute(
      sql`update result_report_status set issued_at = '2025-01-05T06:07:08.123456Z' where version = 1 and status = 'preliminary'`,
    );
    // Read: the corrected one at its first version (unread again), the 2nd at its version.
    await t.db.insert(resultRead).values([
      { reportId: reports[5]!.id, userId: guardian.userId, version: 1 },
      { reportId: reports[1]!.id, userId: guardian.userId, version: 1 },
    ]);

    const sets = await t.db
      .insert(vitalSignSet)
      .values([1, 4, 4, 8].map((n, i) => ({ ...entry(n + i * 100), effectiveAt: at(n, 10) })))
      .returning({ id: vitalSignSet.id });
    await t.db.insert(vitalSign).values(
      sets.flatMap((s, i) => [
        { setId: s.id, code: '8480-6', value: 120 + i, unit: 'mm[Hg]' },
        { setId: s.id, code: '29463-7', value: 70.25 + i / 3, unit: 'kg' },
      ]),
    );
    await t.db.insert(immunization).values([
      {
        ...entry(2),
        cvxCode: '140',
        vaccineName: 'Influenza, seasonal',
        occurredAt: at(2),
        status: 'completed' as const,
        lotNumber: 'LOT-1',
        manufacturer: 'Sanofi Pasteur',
        performerName: 'Nurse Kim',
        doseQuantity: 0.5,
        doseUnit: 'mL',
        doseNumber: 1,
      },
      {
        ...entry(6, { encounterId: visit!.id }),
        cvxCode: '115',
        vaccineName: 'Tdap',
        occurredAt: at(6),
        status: 'not-done' as const,
        statusReason: 'Patient declined',
      },
      {
        ...entry(9),
        cvxCode: '33',
        vaccineName: 'Pneumococcal',
        occurredAt: at(9),
        status: 'completed' as const,
      },
    ]);
    await t.db.insert(clinicalNote).values([
      ...[1, 5, 5, 7].map((n, i) => ({
        ...entry(n + i * 10),
        noteTypeCode: '11506-3',
        noteTypeName: 'Progress note',
        title: `Visit ${n} — “follow-up”`,
        text: `Assessment ${i}.`,
        authoredAt: at(n, 11),
      })),
      {
        ...entry(8),
        noteTypeCode: '11488-4',
        noteTypeName: 'Consult note',
        title: 'Consult (PDF)',
        contentS3Id: 'note-pdf-1',
        contentLength: 1234,
        fileName: 'consult.pdf',
        authoredAt: at(8, 11),
      },
    ]);
    await t.db.insert(carePlanItem).values([
      {
        ...entry(2),
        kind: 'visit' as const,
        description: 'Skin check',
        plannedAt: at(40),
        status: 'active' as const,
      },
      {
        ...entry(4),
        kind: 'procedure' as const,
        description: 'Excision',
        code: '177302005',
        codeSystem: 'SNOMED' as const,
        plannedAt: at(20),
        status: 'completed' as const,
      },
      { ...entry(6), kind: 'education' as const, description: 'Sun protection', status: 'active' as const },
    ]);
    await t.db.insert(careGoal).values([
      {
        ...entry(3),
        description: 'Clear skin',
        targetDate: '2025-06-01',
        status: 'active' as const,
        priority: 'high' as const,
      },
      { ...entry(7), description: 'Stop smoking', status: 'achieved' as const },
    ]);
    await t.db.insert(healthConcern).values([
      {
        ...entry(2),
        code: 'L40.0',
        codeSystem: 'ICD10' as const,
        description: 'Psoriasis',
        status: 'active' as const,
        onsetDate: '2019-04-01',
      },
      { ...entry(2), externalId: 'E-2b', description: 'Dry skin', status: 'resolved' as const },
      { ...entry(5), description: 'Itching', status: 'inactive' as const },
    ]);
    await t.db.insert(healthStatus).values([
      { ...entry(3), code: '135815002', status: 'final' as const },
      { ...entry(6), code: '765205004', status: 'final' as const },
      { ...entry(7), code: '161901003', status: 'entered-in-error' as const },
    ]);

    app = await newApp();
    token = (await signIn(app, 'daniel', guardian.password)).accessToken;
  });

  it('answers every ask of the record with the same bytes', async () => {
    const bodies: string[] = [];
    for (const ask of asks) {
      const response = await app.inject({
        method: 'GET',
        url: `/api/app/patient/healthInfo/clinicalRecord/_rid/${guardian.patientId}${ask}`,
        headers: { ...bearer(token), 'accept-encoding': 'identity' },
      });
      expect(response.statusCode, ask).toBe(200);
      bodies.push(`${ask || '(whole)'}\n${response.body}\n`);
    }
    await expect(bodies.join('\n')).toMatchFileSnapshot('__snapshots__/clinical-record-answer.txt');
  });

  // The page's first load is written by the database (decision 293), every other ask by the
  // serialiser: with a limit above every list's length, the two answers hold the same lists.
  it('writes awkward text and instants on the first load as the serialiser does for the whole record', async () => {
    const awkward = `Tab\there \u0001 \u001f \u2028 \\ "q" 𝄞 é`;
    await t.db.execute(sql`update result_report set name = ${awkward},
      effective_at = '2025-01-02T12:00:00.9995Z', recorded_at = '2025-01-02T15:00:00.000001Z'
      where external_id = 'E-2'`);
    await t.db
      .execute(sql`update result_observation set name = ${awkward}, unit = ${awkward}, value_numeric = 0.00001
      where position = 1 and value_numeric is not null`);
    await t.db.execute(sql`update vital_sign_set set effective_at = '1999-12-31T23:59:59.999999Z'`);
    await t.db.execute(sql`update vital_sign set value = 1e21 where code = '8480-6'`);
    await t.db.execute(sql`update immunization set vaccine_name = ${awkward}, performer_name = ${awkward}`);
    await t.db.execute(sql`update clinical_note set title = ${awkward}`);
    await t.db.execute(sql`update care_goal set description = ${awkward}`);
    await t.db.execute(sql`update health_concern set description = ${awkward}`);
    await t.db.execute(
      sql`update care_plan_item set planned_at = '2025-02-01T00:00:00.0005Z' where planned_at is not null`,
    );
    const read = async (ask: string) => {
      const response = await app.inject({
        method: 'GET',
        url: `/api/app/patient/healthInfo/clinicalRecord/_rid/${guardian.patientId}${ask}`,
        headers: { ...bearer(token), 'accept-encoding': 'identity' },
      });
      expect(response.statusCode, ask).toBe(200);
      return response.body;
    };
    const whole = await read('');
    const firstLoad = await read('?limit=50&trend=2345-7');
    expect(firstLoad.startsWith(`${whole.slice(0, -1)},"trends":`)).toBe(true);
    const trends = (JSON.parse(firstLoad) as { trends: { chosen: { takenAt: number[]; values: number[] } } })
      .trends;
    expect(trends.chosen.takenAt).toContain(Date.parse('2025-01-02T12:00:00.999Z'));
    expect(trends.chosen.values).toContain(0.00001);
  });

  // The chart after each kind of write to the results: every numeric lab value released (the
  // held-back report gone), then flags, a new first test, a value made text, a report moved, made
  // pathology or deleted with its values, one held back again. Each state is asked with an open
  // range, a range holding every value, a range cutting some, an asked and an unknown test.
  it('answers the chart after every kind of write to the results', async () => {
    const trendAsks = [
      '?limit=1',
      '?limit=1&trend=2345-7',
      '?limit=1&trend=0000-0',
      '?limit=1&from=2024-06-01T00:00:00Z&to=2026-01-01T00:00:00Z',
      '?limit=1&from=2025-01-05T00:00:00Z',
      '?limit=1&to=2025-01-05T12:00:00Z',
    ];
    const [first] = await t.db
      .select({ practiceId: resultReport.practiceId })
      .from(resultReport)
      .where(sql`${resultReport.externalId} = 'E-1'`);
    const practiceId = first!.practiceId;
    const writes: [string, () => Promise<unknown>][] = [
      ['every value released', () => t.db.execute(sql`delete from result_report where external_id = 'E-70'`)],
      [
        'no flagged sodium',
        () => t.db.execute(sql`update result_observation set interpretation = 'N' where code = '2951-2'`),
      ],
      [
        'potassium measured first',
        async () => {
          const [report] = await t.db
            .insert(resultReport)
            .values({
              practiceId,
              patientId: guardian.patientId,
              externalId: 'E-80',
              category: 'lab',
              code: '24323-8',
              name: 'Earlier panel',
              status: 'final',
              effectiveAt: new Date(Date.UTC(2024, 11, 31, 12)),
              issuedAt: new Date(Date.UTC(2024, 11, 31, 18)),
              releasedAt: new Date(Date.UTC(2024, 11, 31, 20)),
              authorName: 'Author 80',
              authorOrganization: 'Sunshine Dermatology',
              recordedAt: new Date(Date.UTC(2024, 11, 31, 15)),
            })
            .returning({ id: resultReport.id });
          await t.db.insert(resultObservation).values([
            {
              reportId: report!.id,
              position: 0,
              code: '2823-3',
              name: 'Potassium',
              valueNumeric: 4.1,
              unit: 'mmol/L',
            },
            {
              reportId: report!.id,
              position: 1,
              code: '2823-3',
              name: 'Potassium again',
              valueNumeric: 4.4,
              interpretation: 'H',
            },
          ]);
        },
      ],
      [
        'a value made text, a name changed',
        async () => {
          await t.db.execute(sql`update result_observation set value_numeric = null, value_text = 'clotted'
            where code = '2951-2' and report_id = (select id from result_report where external_id = 'E-1')`);
          await t.db.execute(sql`update result_observation set name = 'Glucose (renamed)'
            where code = '2345-7' and report_id = (select id from result_report where external_id = 'E-1')`);
        },
      ],
      [
        'a report moved earlier',
        () =>
          t.db.execute(
            sql`update result_report set effective_at = '2024-12-31T12:00:00Z' where external_id = 'E-8'`,
          ),
      ],
      [
        'a report made pathology',
        () =>
          t.db.execute(
            sql`update result_report set category = 'pathology', narrative = 'Reviewed.' where external_id = 'E-7'`,
          ),
      ],
      [
        'the earlier panel deleted with its values, one value deleted',
        async () => {
          await t.db.execute(sql`delete from result_report where external_id in ('E-80', 'E-8')`);
          await t.db.execute(sql`delete from result_observation
            where code = '2345-7' and report_id = (select id from result_report where external_id = 'E-1')`);
        },
      ],
      [
        'one held back again',
        () =>
          t.db.execute(
            sql`update result_report set released_at = '2100-01-01T00:00:00Z' where external_id = 'E-6'`,
          ),
      ],
      [
        'released again, a second patient measured too',
        async () => {
          await t.db.execute(sql`update result_report set released_at = issued_at where external_id = 'E-6'`);
          await t.db.execute(sql`update result_report set patient_id = (select max(id) from patient)
            where external_id = 'E-5'`);
        },
      ],
    ];
    const bodies: string[] = [];
    for (const [state, write] of writes) {
      await write();
      for (const ask of trendAsks) {
        const response = await app.inject({
          method: 'GET',
          url: `/api/app/patient/healthInfo/clinicalRecord/_rid/${guardian.patientId}${ask}`,
          headers: { ...bearer(token), 'accept-encoding': 'identity' },
        });
        expect(response.statusCode, ask).toBe(200);
        // The chart is the answer's last key: its bytes as sent.
        bodies.push(`${state} ${ask}\n${response.body.slice(response.body.indexOf(',"trends":'))}\n`);
      }
    }
    await expect(bodies.join('\n')).toMatchFileSnapshot('__snapshots__/clinical-record-trends.txt');
  });
});
