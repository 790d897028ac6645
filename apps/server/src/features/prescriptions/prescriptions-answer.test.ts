/**
 * prescription/getHistory's answers, pinned byte for byte: written from the stored rows in the
 * contract's key order, so that a change of how the history is read (its statement, its row
 * mapping) must keep every byte, for the whole list and for every page by its cursor.
 */
import { prescription as prescriptionShape } from '@dermis/contract';
import { expect, it } from 'vitest';
import { drugMonograph, prescription } from '../../db/schema';
import { listCursor } from '../../lib/list-cursor';
import { useTestApp } from '../../test/app';
import { describeEachDatabase } from '../../test/database';
import { bearer, givenPractice, givenUser, signIn } from '../../test/fixtures';

describeEachDatabase('prescription history answer', (t) => {
  const newApp = useTestApp(t);

  it('answers the same bytes: ACTIVE first, newest first, ties by id, missing dates last, monographs', async () => {
    const practiceId = await givenPractice(t.db);
    const otherPractice = await givenPractice(t.db, 'Other');
    const app = await newApp();
    const user = await givenUser(t.db, practiceId, { username: `rxa${Date.now()}` });
    const token = (await signIn(app, user.username, user.password)).accessToken;
    let n = 0;
    const rx = (
      status: 'ACTIVE' | 'INACTIVE',
      dateWritten: string | null,
      more: Partial<typeof prescription.$inferInsert> = {},
    ) => ({
      practiceId,
      patientId: user.patientId,
      externalId: `RX-${++n}`,
      fdbId: `F${n % 3}`,
      fdbDescription: `Drug ${n} "0.1%" \\ cream`,
      fdbDrugType: n % 2 === 0 ? 'GENERIC' : '',
      status,
      dateWritten,
      ...more,
    });
    await t.db
      .insert(prescription)
      .values([
        rx('INACTIVE', '2026-01-01', { dateInactive: '2026-02-28', sig: null }),
        rx('ACTIVE', '2026-03-01', { sig: 'Apply twice daily 😀', prescriberName: 'Dr. Zoë Núñez' }),
        rx('ACTIVE', '2026-03-01', { sig: 'tab\there\u2028' }),
        rx('ACTIVE', null),
        rx('ACTIVE', '0001-01-01'),
        rx('INACTIVE', null, { dateInactive: '9999-12-31' }),
        rx('ACTIVE', '2026-03-01', { prescriberName: '' }),
        rx('INACTIVE', '2026-01-01'),
      ]);
    await t.db.insert(drugMonograph).values([
      { practiceId, fdbId: 'F1', fdbDrugType: '', title: 'Any type', monograph: 'text' },
      { practiceId, fdbId: 'F2', fdbDrugType: 'GENERIC', title: 'Exact type', monograph: 'text' },
      { practiceId: otherPractice, fdbId: 'F0', fdbDrugType: '', title: 'Not ours', monograph: 'text' },
    ]);
    const monographs = await t.db.select().from(drugMonograph);

    const stored = (await t.db.select().from(prescription))
      .sort(
        (a, b) =>
          a.status.localeCompare(b.status) ||
          (b.dateWritten ?? '').localeCompare(a.dateWritten ?? '') ||
          b.id - a.id,
      )
      .map((row) => ({
        id: row.id,
        fdbId: row.fdbId,
        fdbDescription: row.fdbDescription,
        fdbDrugType: row.fdbDrugType,
        status: row.status,
        sig: row.sig,
        dateWritten: row.dateWritten,
        dateInactive: row.dateInactive,
        prescriberName: row.prescriberName,
        hasMonograph: monographs.some(
          (m) =>
            m.practiceId === practiceId &&
            m.fdbId === row.fdbId &&
            (m.fdbDrugType === row.fdbDrugType || m.fdbDrugType === ''),
        ),
      }));
    expect(Object.keys(stored[0]!)).toEqual(Object.keys(prescriptionShape.shape));
    expect(stored.some((p) => p.hasMonograph) && stored.some((p) => !p.hasMonograph)).toBe(true);

    const body = async (request: object) => {
      const answer = await app.inject({
        method: 'POST',
        url: '/api/app/prescription/getHistory',
        headers: bearer(token),
        payload: { patientId: user.patientId, ...request },
      });
      expect(answer.statusCode).toBe(200);
      return answer.body;
    };
    const { patientId } = user;
    expect(await body({})).toBe(JSON.stringify({ patientId, prescriptions: stored, nextCursor: null }));
    for (const limit of [1, 3, 8, 50]) {
      let cursor: string | null = null;
      let offset = 0;
      do {
        const prescriptions = stored.slice(offset, offset + limit);
        offset += limit;
        const next: string | null =
          offset < stored.length ? listCursor.of(patientId, 'PRESCRIPTIONS', prescriptions.at(-1)!.id) : null;
        expect(await body(cursor === null ? { limit } : { limit, cursor })).toBe(
          JSON.stringify({ patientId, prescriptions, nextCursor: next }),
        );
        cursor = next;
      } while (cursor !== null);
    }
  });
});
