/**
 * The history read's answers, byte for byte: every ask (the newest of each list, one list, the
 * templates or none, the whole history) compared with a body built from the stored rows by the
 * contract's serialiser, in the answer's order. The rows are written by SQL so that they hold what the
 * patient's save would refuse but a clinic's feed or an old row may hold: names with quotes, escapes
 * and characters outside ASCII, a detail or reason code without a display, nameless items, and times
 * with microseconds or an early year.
 */
import {
  listSections,
  patientSubjectiveItemsResponse,
  historySection,
  type HistorySection,
  type HistoryTotals,
} from '@dermis/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeEach, expect, it } from 'vitest';
import { historyItem } from '../../db/schema';
import { fastStringify } from '../../lib/fast-serializer';
import { useTestApp } from '../../test/app';
import { describeEachDatabase } from '../../test/database';
import { bearer, givenFamily, givenPractice, signIn, type Family } from '../../test/fixtures';
import { sectionTemplates, toSubjectiveItem } from './health-profile.model';

const answerJson = fastStringify(patientSubjectiveItemsResponse);
const odd = [
  'Say "cheese"',
  'back\\slash',
  'two\nlines\tand\u0001 a control',
  'Ümlaut — ß 漢字 😀',
  '</script><b>&amp;',
  'line\u2028separator',
];
const oddTimes = [
  '2026-01-09 23:59:59.9995+00',
  '2026-03-01 10:00:00.123999+00',
  '2026-03-01 10:00:00+00',
  '2026-03-01 10:00:00+00',
  '0999-06-15 08:30:00.5+00',
  '2026-07-04 12:00:00.000001+02',
];

describeEachDatabase('health history, the answers byte for byte', (t) => {
  const newApp = useTestApp(t);
  let app: FastifyInstance;
  let family: Family;
  let token: string;
  let practiceId: number;

  beforeEach(async () => {
    practiceId = await givenPractice(t.db);
    app = await newApp();
    family = await givenFamily(t.db, practiceId);
    token = (await signIn(app, family.guardian.username, family.guardian.password)).accessToken;
    const patientId = family.guardian.patientId;
    let n = 0;
    const row = (section: HistorySection, more: Partial<typeof historyItem.$inferInsert> = {}) => {
      n += 1;
      return {
        practiceId,
        patientId,
        section,
        code: `C${n}`,
        name: `${section} ${n} ${odd[n % odd.length]}`,
        status: 'KNOWN_PRESENT' as const,
        customValue: n % 3 === 0 ? `custom "${n}"` : null,
        externalId: n % 4 === 0 ? `ext-${n}` : null,
        updatedAt: sql`${oddTimes[n % oddTimes.length]}::timestamptz` as unknown as Date,
        ...more,
      };
    };
    const many = (section: HistorySection, count: number, more = {}) =>
      Array.from({ length: count }, () => row(section, more));
    await t.db.insert(historyItem).values([
      ...many('ALLERGIES', 23, {
        details: [
          { code: '247472004', customValue: null },
          { code: 'OTHER', customValue: 'itchy "eyes"\n' },
          { code: 'NOT-A-CODE', customValue: null },
        ],
      }),
      row('ALLERGIES', { name: '   ' }),
      row('ALLERGIES', { specialType: 'DENIES', code: 'NKA', name: 'No known allergies' }),
      ...many('MEDICATIONS', 21, { status: 'MEDICATION_COMMENCED' }),
      row('MEDICATIONS', { active: false, discontinuationReason: '182870006' }),
      row('MEDICATIONS', { active: false, discontinuationReason: 'UNKNOWN-REASON' }),
      row('MEDICATIONS', { active: false, discontinuationReason: '182870006', name: '\t' }),
      ...many('PAST_MEDICAL_HISTORY', 20),
      ...many('FAMILY_HISTORY', 2, { details: [] }),
      row('FAMILY_HISTORY', { details: [{ code: 'FTH', customValue: null }] }),
      row('FAMILY_HISTORY', { specialType: 'UNKNOWN', code: 'UNK', name: 'Unknown family history' }),
      ...many('SURGICAL_HISTORY', 1, { status: 'PERFORMED' }),
      row('SMOKING', { code: '266919005', name: 'Never smoked' }),
      row('ALCOHOL', { code: 'A1', name: 'Social "drinker"' }),
      row('DRUG', { code: 'D1', name: 'None', specialType: 'DENIES' }),
      row('EXPOSURE', { code: 'E1', name: 'Sun', status: 'KNOWN_ABSENT' }),
      ...many('EXPOSURE', 3),
    ]);
    // Another patient's items never show.
    await t.db
      .insert(historyItem)
      .values([
        row('ALLERGIES', { patientId: family.stranger.patientId }),
        row('MARITAL', { patientId: family.stranger.patientId, code: 'M1', name: 'Married' }),
      ]);
  });

  /** The answer as the contract's serialiser writes it from the stored rows. */
  const expected = async (ask: { limit?: number; section?: string; templates?: boolean }) => {
    const patientId = family.guardian.patientId;
    const rows = await t.db
      .select()
      .from(historyItem)
      .where(and(eq(historyItem.patientId, patientId), sql`${historyItem.name} ~ '[^[:space:]]'`))
      .orderBy(asc(historyItem.id));
    const asksPart = ask.limit !== undefined || ask.section !== undefined;
    const items = historySection.options.flatMap((section) => {
      let of = rows.filter((r) => r.section === section);
      if (!asksPart) return of;
      if (ask.section !== undefined && ask.section !== section) return [];
      if (ask.limit !== undefined && (listSections as readonly string[]).includes(section))
        of = of.slice(Math.max(0, of.length - ask.limit));
      return of;
    });
    const totals = Object.fromEntries(
      listSections.map((s) => [s, rows.filter((r) => r.section === s).length]),
    ) as HistoryTotals;
    return answerJson({
      patientId,
      type: 'HISTORY',
      items: items.map(toSubjectiveItem),
      templates: ask.templates === false ? [] : sectionTemplates,
      ...(asksPart ? { totals } : {}),
    });
  };

  const ask = async (extra: object) => {
    const answer = await app.inject({
      method: 'POST',
      url: '/api/app/subjective/getPatientSubjectiveAndTemplateItems',
      headers: bearer(token),
      payload: {
        type: 'HISTORY',
        patientId: family.guardian.patientId,
        complaintId: null,
        providerId: null,
        ...extra,
      },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    return answer.body;
  };

  it('answers the newest 20 of each list without templates (the page’s first load) byte for byte', async () => {
    const body = await ask({ limit: 20, templates: false });
    expect(body).toBe(await expected({ limit: 20, templates: false }));
    // The rows hold what the page shows: 20 of 23 allergies, the nameless left out, every total.
    expect(patientSubjectiveItemsResponse.parse(JSON.parse(body)).totals).toEqual({
      ALLERGIES: 24,
      MEDICATIONS: 23,
      PAST_MEDICAL_HISTORY: 20,
      FAMILY_HISTORY: 4,
      SURGICAL_HISTORY: 1,
    });
  });

  it('answers every other ask byte for byte', async () => {
    const asks: { limit?: number; section?: string; templates?: boolean }[] = [
      { limit: 20 },
      { limit: 20, templates: true },
      { limit: 1, templates: false },
      { limit: 500, templates: false },
      { section: 'ALLERGIES', templates: false },
      { section: 'MEDICATIONS' },
      { section: 'FAMILY_HISTORY', limit: 2, templates: false },
      { section: 'SURGICAL_HISTORY', limit: 5, templates: false },
      {},
      { templates: false },
    ];
    for (const extra of asks) expect(await ask(extra), JSON.stringify(extra)).toBe(await expected(extra));
  });

  it('answers a patient without items, and the other types, byte for byte', async () => {
    await t.db.delete(historyItem).where(eq(historyItem.patientId, family.guardian.patientId));
    expect(await ask({ limit: 20, templates: false })).toBe(await expected({ limit: 20, templates: false }));
    expect(await ask({ type: 'ROS', limit: 20, templates: false })).toBe(
      answerJson({
        patientId: family.guardian.patientId,
        type: 'ROS',
        items: [],
        templates: [],
        totals: Object.fromEntries(listSections.map((s) => [s, 0])),
      }),
    );
  });
});
