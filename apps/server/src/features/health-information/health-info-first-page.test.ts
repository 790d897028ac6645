import { and, eq } from 'drizzle-orm';
import { beforeEach, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { HealthInfoResponse, HistorySection } from '@dermis/contract';
import { historyItem, prescription } from '../../db/schema';
import { useTestApp } from '../../test/app';
import { describeEachDatabase } from '../../test/database';
import { bearer, givenFamily, givenPracticeWithKey, signIn, type UserFixture } from '../../test/fixtures';

/** Day `n` of January 2026, noon UTC: entries recorded one day apart, so "newest" is unambiguous. */
const day = (n: number) => new Date(Date.UTC(2026, 0, n, 12));

describeEachDatabase('health information: the summary’s first page (limit, list, totals)', (t) => {
  const newApp = useTestApp(t);
  let app: FastifyInstance;
  let guardian: UserFixture;
  let stranger: UserFixture;
  let token: string;
  let practiceId: number;

  beforeEach(async () => {
    ({ practiceId } = await givenPracticeWithKey(t.db));
    ({ guardian, stranger } = await givenFamily(t.db, practiceId));
    const patientId = guardian.patientId;
    const item = (section: HistorySection, n: number, name: string, extra = {}) => ({
      practiceId,
      patientId,
      section,
      code: `${section}-${n}`,
      name,
      status: 'KNOWN_PRESENT' as const,
      createdAt: day(n),
      ...extra,
    });
    await t.db
      .insert(historyItem)
      .values([
        ...[1, 2, 3, 4, 5].map((n) => item('ALLERGIES', n, `Allergy ${n}`)),
        item('ALLERGIES', 6, 'Latex', { active: false, discontinuationReason: '182870006' }),
        ...[1, 2, 3].map((n) => item('PAST_MEDICAL_HISTORY', n, `Problem ${n}`)),
        item('MEDICATIONS', 2, 'Tretinoin 0.05% cream'),
        item('MEDICATIONS', 4, 'Minocycline 50 mg'),
        item('SMOKING', 1, 'Former smoker'),
      ]);
    const rx = (n: number, name: string) => ({
      practiceId,
      patientId,
      externalId: `RX-${patientId}-${n}`,
      fdbId: String(n),
      fdbDescription: name,
      status: 'ACTIVE' as const,
      createdAt: day(n),
    });
    await t.db.insert(prescription).values([
      rx(3, 'Clobetasol 0.05% ointment'),
      rx(5, 'Doxycycline 100 mg'),
      // Named by the history already (case aside): listed and counted once.
      rx(6, 'TRETINOIN 0.05% cream'),
    ]);
    app = await newApp();
    token = (await signIn(app, 'daniel', guardian.password)).accessToken;
  });

  const ask = (query: string, accessToken = token, id: number | string = guardian.patientId) =>
    app.inject({
      method: 'GET',
      url: `/api/app/patient/healthInfo/_rid/${id}${query}`,
      headers: bearer(accessToken),
    });

  it('answers the spec’s whole summary, oldest first and without totals, when nothing is asked', async () => {
    const info = (await ask('')).json<HealthInfoResponse>();
    expect(info.allergies.map((a) => a.name)).toEqual([
      'Allergy 1',
      'Allergy 2',
      'Allergy 3',
      'Allergy 4',
      'Allergy 5',
    ]);
    expect(info.medications.map((m) => m.name)).toEqual([
      'Tretinoin 0.05% cream',
      'Minocycline 50 mg',
      'Clobetasol 0.05% ointment',
      'Doxycycline 100 mg',
    ]);
    expect(info.totals).toBeUndefined();
  });

  it('with limit, holds each list’s newest entries and every list’s total', async () => {
    const response = await ask('?limit=2');
    expect(response.statusCode).toBe(200);
    const info = response.json<HealthInfoResponse>();
    expect(info.allergies).toEqual([{ name: 'Allergy 5' }, { name: 'Allergy 4' }]);
    // History entries and prescriptions the history does not name, ranked together.
    expect(info.medications).toEqual([{ name: 'Doxycycline 100 mg' }, { name: 'Minocycline 50 mg' }]);
    expect(info.medicalProblems).toEqual([
      { name: 'Problem 3', dateDiagnosed: '2026-01-03' },
      { name: 'Problem 2', dateDiagnosed: '2026-01-02' },
    ]);
    expect(info.smokingStatusList).toEqual([{ name: 'Former smoker' }]);
    expect(info.totals).toEqual({ allergies: 5, medications: 4, medicalProblems: 3 });
    expect(info.demographics.firstName).toBe('Daniel');
  });

  it('a limit above a list’s size answers the whole list, newest first', async () => {
    const info = (await ask('?limit=20')).json<HealthInfoResponse>();
    expect(info.medications.map((m) => m.name)).toEqual([
      'Doxycycline 100 mg',
      'Minocycline 50 mg',
      'Clobetasol 0.05% ointment',
      'Tretinoin 0.05% cream',
    ]);
    expect(info.allergies).toHaveLength(5);
  });

  it('with list, answers that one list whole and the others empty, totals still counted', async () => {
    const info = (await ask('?list=allergies')).json<HealthInfoResponse>();
    expect(info.allergies.map((a) => a.name)).toEqual([
      'Allergy 5',
      'Allergy 4',
      'Allergy 3',
      'Allergy 2',
      'Allergy 1',
    ]);
    expect(info.medications).toEqual([]);
    expect(info.medicalProblems).toEqual([]);
    expect(info.smokingStatusList).toEqual([]);
    expect(info.totals).toEqual({ allergies: 5, medications: 4, medicalProblems: 3 });
    const medications = (await ask('?list=medications')).json<HealthInfoResponse>();
    expect(medications.medications).toHaveLength(4);
    expect(medications.allergies).toEqual([]);
  });

  it('answers every ask byte for byte as the reads of one list each did', async () => {
    // What the one statement must reproduce: entries recorded at the same instant (then the newest id
    // leads), a "none" answer and an inactive entry (never listed), a problem recorded just before
    // midnight UTC (its date is the UTC day), and a prescription named by the history in another case.
    const patientId = guardian.patientId;
    const late = new Date(Date.UTC(2026, 0, 9, 23, 59, 59, 999));
    const extra = (section: HistorySection, code: string, name: string, createdAt: Date, more = {}) => ({
      practiceId,
      patientId,
      section,
      code,
      name,
      status: 'KNOWN_PRESENT' as const,
      createdAt,
      ...more,
    });
    await t.db.insert(historyItem).values([
      extra('ALLERGIES', 'TIE-A', 'Tied first', day(7)),
      extra('ALLERGIES', 'TIE-B', 'Tied second', day(7)),
      extra('ALLERGIES', 'NONE', 'No known allergies', day(8), { specialType: 'DENIES' }),
      extra('PAST_MEDICAL_HISTORY', 'LATE', 'Late problem', late),
      extra('MEDICATIONS', 'OFF', 'Stopped drug', day(9), {
        active: false,
        discontinuationReason: '182870006',
      }),
    ]);
    await t.db.insert(prescription).values({
      practiceId,
      patientId,
      externalId: `RX-${patientId}-late`,
      fdbId: 'late',
      fdbDescription: 'minocycline 50 MG',
      status: 'ACTIVE',
      createdAt: day(8),
    });
    const bodies: Record<string, string> = {};
    for (const query of [
      '?limit=1',
      '?limit=3',
      '?limit=500',
      '?list=allergies',
      '?list=medications',
      '?list=medicalProblems',
    ])
      bodies[query] = (await ask(query)).body;
    expect(bodies).toEqual(expectedBodies);
  });

  it('counts each list as it stands after every kind of write to the history and the prescriptions', async () => {
    // The totals must be the lists' lengths whichever write came last: entries added in one statement,
    // deactivated, made a "none" answer, deleted, moved to another section or patient, a medication
    // named, renamed or stopped so that a prescription becomes or stops being named by the history.
    const eve = (await signIn(app, 'eve', stranger.password)).accessToken;
    const lists = ['allergies', 'medications', 'medicalProblems'] as const;
    const expectTotalsAreLengths = async (step: string, accessToken = token, id = guardian.patientId) => {
      const { totals } = (await ask('?limit=1', accessToken, id)).json<HealthInfoResponse>();
      for (const list of lists) {
        const whole = (await ask(`?list=${list}`, accessToken, id)).json<HealthInfoResponse>();
        expect(totals?.[list], `${step}: ${list}`).toBe(whole[list].length);
        expect(whole.totals, `${step}: ${list} asked alone`).toEqual(totals);
      }
      return totals;
    };
    const patientId = guardian.patientId;
    const item = (section: HistorySection, code: string, name: string, more = {}) => ({
      practiceId,
      patientId,
      section,
      code,
      name,
      status: 'KNOWN_PRESENT' as const,
      createdAt: day(10),
      ...more,
    });
    const byName = (name: string) => and(eq(historyItem.patientId, patientId), eq(historyItem.name, name));
    const rxByName = (name: string) => eq(prescription.fdbDescription, name);
    const steps: [string, () => Promise<unknown>][] = [
      [
        'two allergies and a none answer in one statement',
        () =>
          t.db
            .insert(historyItem)
            .values([
              item('ALLERGIES', 'A7', 'Allergy 7'),
              item('ALLERGIES', 'A8', 'Allergy 8'),
              item('ALLERGIES', 'A0', 'No known allergies', { specialType: 'DENIES' }),
            ]),
      ],
      [
        'an allergy deactivated',
        () =>
          t.db
            .update(historyItem)
            .set({ active: false, discontinuationReason: '182870006' })
            .where(byName('Allergy 1')),
      ],
      [
        'an allergy made a none answer',
        () => t.db.update(historyItem).set({ specialType: 'UNKNOWN' }).where(byName('Allergy 2')),
      ],
      ['an allergy deleted', () => t.db.delete(historyItem).where(byName('Allergy 3'))],
      [
        'a problem moved to another section',
        () => t.db.update(historyItem).set({ section: 'SURGICAL_HISTORY' }).where(byName('Problem 1')),
      ],
      [
        'a medication naming a prescription in another case',
        () => t.db.insert(historyItem).values(item('MEDICATIONS', 'M9', 'clobetasol 0.05% OINTMENT')),
      ],
      [
        'a medication renamed to name another prescription',
        () => t.db.update(historyItem).set({ name: 'Doxycycline 100 mg' }).where(byName('Minocycline 50 mg')),
      ],
      [
        'the medication naming a prescription stopped',
        () =>
          t.db
            .update(historyItem)
            .set({ active: false, discontinuationReason: '182870006' })
            .where(byName('Tretinoin 0.05% cream')),
      ],
      [
        'a named prescription made inactive',
        () => t.db.update(prescription).set({ status: 'INACTIVE' }).where(rxByName('Doxycycline 100 mg')),
      ],
      [
        'an inactive prescription made active again',
        () => t.db.update(prescription).set({ status: 'ACTIVE' }).where(rxByName('Doxycycline 100 mg')),
      ],
      [
        'a prescription moved to another patient',
        () =>
          t.db
            .update(prescription)
            .set({ patientId: stranger.patientId })
            .where(rxByName('TRETINOIN 0.05% cream')),
      ],
      [
        'a medication moved to another patient',
        () =>
          t.db.update(historyItem).set({ patientId: stranger.patientId }).where(byName('Doxycycline 100 mg')),
      ],
      [
        'a prescription deleted',
        () => t.db.delete(prescription).where(rxByName('Clobetasol 0.05% ointment')),
      ],
      [
        'every medication deleted',
        () =>
          t.db
            .delete(historyItem)
            .where(and(eq(historyItem.patientId, patientId), eq(historyItem.section, 'MEDICATIONS'))),
      ],
    ];
    const seen = [await expectTotalsAreLengths('before any write')];
    for (const [step, write] of steps) {
      await write();
      seen.push(await expectTotalsAreLengths(step));
      await expectTotalsAreLengths(`${step} (the other patient)`, eve, stranger.patientId);
    }
    // The steps moved every total (a test of lengths alone would pass if nothing were counted).
    expect(seen.at(0)).toEqual({ allergies: 5, medications: 4, medicalProblems: 3 });
    expect(seen.at(-1)).toEqual({ allergies: 4, medications: 1, medicalProblems: 2 });
  });

  it('refuses a bad limit or list with 400 naming the field', async () => {
    for (const query of ['?limit=0', '?limit=501', '?limit=abc', '?limit=2.5', '?list=smoking']) {
      const response = await ask(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.body, query).toMatch(query.startsWith('?limit') ? /limit/ : /list/);
    }
  });

  it('refuses another patient’s summary with 403, with limit or list', async () => {
    const eve = (await signIn(app, 'eve', stranger.password)).accessToken;
    for (const query of ['?limit=20', '?list=medications']) {
      expect((await ask(query, eve)).statusCode, query).toBe(403);
    }
  });
});

/**
 * The bodies the first page answered, taken from the reads of one list each before they became one
 * statement: the answer's bytes, in the contract's key order.
 */
const expectedBodies = (() => {
  const names = (...list: string[]) => list.map((name) => ({ name }));
  const problems = (...list: [string, string][]) =>
    list.map(([name, dateDiagnosed]) => ({ name, dateDiagnosed }));
  const allergies = names(
    'Tied second',
    'Tied first',
    'Allergy 5',
    'Allergy 4',
    'Allergy 3',
    'Allergy 2',
    'Allergy 1',
  );
  const medications = names(
    'Doxycycline 100 mg',
    'Minocycline 50 mg',
    'Clobetasol 0.05% ointment',
    'Tretinoin 0.05% cream',
  );
  const medicalProblems = problems(
    ['Late problem', '2026-01-09'],
    ['Problem 3', '2026-01-03'],
    ['Problem 2', '2026-01-02'],
    ['Problem 1', '2026-01-01'],
  );
  const smokingStatusList = names('Former smoker');
  const body = (
    lists: Partial<
      Pick<HealthInfoResponse, 'allergies' | 'medications' | 'medicalProblems' | 'smokingStatusList'>
    >,
  ) =>
    JSON.stringify({
      demographics: {
        firstName: 'Daniel',
        lastName: 'Reed',
        dateOfBirth: '1980-01-01',
        gender: 'MALE',
        preferredLanguageIsoCode: null,
        races: [],
        ethnicities: [],
      },
      allergies: lists.allergies ?? [],
      medications: lists.medications ?? [],
      medicalProblems: lists.medicalProblems ?? [],
      smokingStatusList: lists.smokingStatusList ?? [],
      totals: { allergies: 7, medications: 4, medicalProblems: 4 },
    });
  const newest = (n: number) =>
    body({
      allergies: allergies.slice(0, n),
      medications: medications.slice(0, n),
      medicalProblems: medicalProblems.slice(0, n),
      smokingStatusList,
    });
  return {
    '?limit=1': newest(1),
    '?limit=3': newest(3),
    '?limit=500': newest(500),
    '?list=allergies': body({ allergies }),
    '?list=medications': body({ medications }),
    '?list=medicalProblems': body({ medicalProblems }),
  };
})();
