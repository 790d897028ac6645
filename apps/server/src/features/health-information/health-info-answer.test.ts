/**
 * patient/healthInfo's answers, pinned byte for byte: written here from the stored rows in the
 * contract's key order, so that a change of how the summary is read or sent (its statements, its
 * kept text) must keep every byte, for the spec's whole summary, a limited first page and one list.
 */
import { eq } from 'drizzle-orm';
import type { HistorySection } from '@dermis/contract';
import { expect, it } from 'vitest';
import { healthListTotal, historyItem, patient, patientProfile, prescription } from '../../db/schema';
import { useTestApp } from '../../test/app';
import { describeEachDatabase } from '../../test/database';
import { bearer, givenPractice, givenUser, signIn } from '../../test/fixtures';

/** Day `n` of March 2026, noon UTC: each entry recorded on its own day, so every order is unambiguous. */
const day = (n: number) => new Date(Date.UTC(2026, 2, n, 12));

describeEachDatabase('health information answer', (t) => {
  const newApp = useTestApp(t);

  it('answers the same bytes: whole, newest first with totals, one list whole', async () => {
    const practiceId = await givenPractice(t.db);
    const app = await newApp();
    const user = await givenUser(t.db, practiceId, {
      username: `hia${Date.now()}`,
      firstName: 'Zoë "Z"',
      lastName: 'Núñez\\Reed',
      gender: 'FEMALE',
    });
    const { patientId } = user;
    const token = (await signIn(app, user.username, user.password)).accessToken;
    await t.db.insert(patientProfile).values({
      patientId,
      races: ['2106-3', '2054-5'],
      ethnicities: ['2186-5'],
      preferredLanguageIsoCode: 'es',
    });
    let n = 0;
    const item = (
      section: HistorySection,
      name: string,
      more: Partial<typeof historyItem.$inferInsert> = {},
    ) => ({
      practiceId,
      patientId,
      section,
      code: `${section}-${++n}`,
      name,
      status: 'KNOWN_PRESENT' as const,
      createdAt: day(n),
      ...more,
    });
    await t.db
      .insert(historyItem)
      .values([
        item('ALLERGIES', 'Penicillin "severe"'),
        item('MEDICATIONS', 'Tretinoin 0.05% cream'),
        item('ALLERGIES', 'Latex', { active: false, discontinuationReason: '182870006' }),
        item('PAST_MEDICAL_HISTORY', 'Psoriasis\ttab'),
        item('SMOKING', 'Former smoker'),
        item('ALLERGIES', 'Nickel 😀'),
        item('PAST_MEDICAL_HISTORY', 'Eczema\u2028'),
        item('MEDICATIONS', 'Minocycline 50 mg'),
        item('ALLERGIES', 'Sulfa'),
      ]);
    const rx = (name: string, status: 'ACTIVE' | 'INACTIVE') => ({
      practiceId,
      patientId,
      externalId: `RX-${patientId}-${++n}`,
      fdbId: String(n),
      fdbDescription: name,
      status,
      createdAt: day(n),
    });
    await t.db
      .insert(prescription)
      .values([
        rx('Doxycycline 100 mg', 'ACTIVE'),
        rx('TRETINOIN 0.05% cream', 'ACTIVE'),
        rx('Isotretinoin 20 mg', 'INACTIVE'),
        rx('Clobetasol 0.05% ointment', 'ACTIVE'),
      ]);

    const [person] = await t.db.select().from(patient).where(eq(patient.id, patientId));
    const demographics = {
      firstName: person!.firstName,
      lastName: person!.lastName,
      dateOfBirth: person!.dateOfBirth,
      gender: person!.gender,
      preferredLanguageIsoCode: 'es',
      races: ['2106-3', '2054-5'],
      ethnicities: ['2186-5'],
    };
    const [totals] = await t.db
      .select({
        allergies: healthListTotal.allergies,
        medications: healthListTotal.medications,
        medicalProblems: healthListTotal.medicalProblems,
      })
      .from(healthListTotal)
      .where(eq(healthListTotal.patientId, patientId));
    expect(totals).toEqual({ allergies: 3, medications: 4, medicalProblems: 2 });
    const names = (...list: string[]) => list.map((name) => ({ name }));
    const problem = (name: string, n: number) => ({ name, dateDiagnosed: day(n).toISOString().slice(0, 10) });

    const body = async (query: string) => {
      const answer = await app.inject({
        method: 'GET',
        url: `/api/app/patient/healthInfo/_rid/${patientId}${query}`,
        headers: bearer(token),
      });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
      return answer.body;
    };

    expect(await body('')).toBe(
      JSON.stringify({
        demographics,
        allergies: names('Penicillin "severe"', 'Nickel 😀', 'Sulfa'),
        // The history's medications oldest first, then the prescriptions it does not name, by name.
        medications: names(
          'Tretinoin 0.05% cream',
          'Minocycline 50 mg',
          'Clobetasol 0.05% ointment',
          'Doxycycline 100 mg',
        ),
        medicalProblems: [problem('Psoriasis\ttab', 4), problem('Eczema\u2028', 7)],
        smokingStatusList: names('Former smoker'),
      }),
    );
    expect(await body('?limit=2')).toBe(
      JSON.stringify({
        demographics,
        allergies: names('Sulfa', 'Nickel 😀'),
        medications: names('Clobetasol 0.05% ointment', 'Doxycycline 100 mg'),
        medicalProblems: [problem('Eczema\u2028', 7), problem('Psoriasis\ttab', 4)],
        smokingStatusList: names('Former smoker'),
        totals,
      }),
    );
    expect(await body('?limit=20')).toBe(
      JSON.stringify({
        demographics,
        allergies: names('Sulfa', 'Nickel 😀', 'Penicillin "severe"'),
        medications: names(
          'Clobetasol 0.05% ointment',
          'Doxycycline 100 mg',
          'Minocycline 50 mg',
          'Tretinoin 0.05% cream',
        ),
        medicalProblems: [problem('Eczema\u2028', 7), problem('Psoriasis\ttab', 4)],
        smokingStatusList: names('Former smoker'),
        totals,
      }),
    );
    expect(await body('?list=medications')).toBe(
      JSON.stringify({
        demographics,
        allergies: [],
        medications: names(
          'Clobetasol 0.05% ointment',
          'Doxycycline 100 mg',
          'Minocycline 50 mg',
          'Tretinoin 0.05% cream',
        ),
        medicalProblems: [],
        smokingStatusList: [],
        totals,
      }),
    );
    expect(await body('?list=allergies&limit=1')).toBe(
      JSON.stringify({
        demographics,
        allergies: names('Sulfa'),
        medications: [],
        medicalProblems: [],
        smokingStatusList: [],
        totals,
      }),
    );
  });
});
