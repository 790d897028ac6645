/**
 * Identical history saves at the same moment (a double click, two tabs): the entry is stored once,
 * the database itself refuses a second copy, and a copy stored before that rule never blocks a save.
 */
import { patientSubjectiveItemsResponse, type SubjectiveItemInput } from '@dermis/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeEach, expect, it } from 'vitest';
import { migrate } from '../../db/migrate';
import { historyItem } from '../../db/schema';
import { useTestApp } from '../../test/app';
import { describeEachDatabase } from '../../test/database';
import { bearer, givenFamily, givenPractice, signIn, type Family } from '../../test/fixtures';

const allergy = (name: string, code: string): SubjectiveItemInput => ({
  sectionId: 'ALLERGIES',
  attributes: [{ order: 1, values: [{ value: code, description: name, customValue: '1' }] }],
});
const smoking = (value: string): SubjectiveItemInput => ({
  sectionId: 'SMOKING',
  attributes: [{ order: 1, values: [{ value }] }],
});

describeEachDatabase('health history saves at the same moment', (t) => {
  const newApp = useTestApp(t);
  let app: FastifyInstance;
  let family: Family;
  let token: string;

  beforeEach(async () => {
    app = await newApp();
    family = await givenFamily(t.db, await givenPractice(t.db));
    token = (await signIn(app, family.guardian.username, family.guardian.password)).accessToken;
  });

  const save = (items: SubjectiveItemInput[]) =>
    app.inject({
      method: 'POST',
      url: '/api/app/subjective/savePatientSubjectiveItems',
      headers: bearer(token),
      payload: { type: 'HISTORY', patientId: family.guardian.patientId, items },
    });
  const storedItems = async () =>
    patientSubjectiveItemsResponse.parse(
      (
        await app.inject({
          method: 'POST',
          url: '/api/app/subjective/getPatientSubjectiveAndTemplateItems',
          headers: bearer(token),
          payload: { type: 'HISTORY', patientId: family.guardian.patientId },
        })
      ).json(),
    ).items;
  const names = async () =>
    (await storedItems()).map((i) => `${i.sectionId} ${i.attributes[0]!.values[0]!.description}`);

  it('stores a new entry once when five identical saves race, and answers every one', async () => {
    await save([allergy('Latex', '1003755')]);
    const [latex] = await storedItems();
    const items = [{ ...allergy('Latex', '1003755'), id: latex!.id }, allergy('Penicillin', '7980')];
    const answers = await Promise.all(Array.from({ length: 5 }, () => save([...items, smoking('8517006')])));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect((await names()).sort()).toEqual([
      'ALLERGIES Latex',
      'ALLERGIES Penicillin',
      'SMOKING Former smoker',
    ]);

    // The next save of the section, from the list as the patient now sees it, goes through.
    const stored = (await storedItems()).filter((i) => i.sectionId === 'ALLERGIES');
    const next = await save([
      ...stored.map((i) => ({ ...allergy(i.attributes[0]!.values[0]!.description, '1'), id: i.id })),
      allergy('Sulfa', '10180'),
    ]);
    expect(next.statusCode).toBe(200);
  });

  it('refuses a second copy in the database itself, whoever writes it', async () => {
    await save([allergy('Penicillin', '7980')]);
    const [row] = await t.db.select().from(historyItem);
    const { id: _id, createdAt: _c, updatedAt: _u, ...copy } = row!;
    await expect(
      t.db.insert(historyItem).values({ ...copy, name: ' PENICILLIN', duplicateKey: 'name:penicillin' }),
    ).rejects.toThrow();
    expect(await t.db.select().from(historyItem)).toHaveLength(1);
  });

  it('keeps one of the copies stored before the rule, so the section saves again', async () => {
    // A database from before the rule: no key, no constraint, the same entry twice.
    await t.database.scriptTransaction((tx) =>
      tx.exec(
        "ALTER TABLE history_item DROP COLUMN duplicate_key; DELETE FROM schema_migrations WHERE name = '0145_history_item_duplicate_key.sql';",
      ),
    );
    const copy = {
      practiceId: family.guardian.practiceId,
      patientId: family.guardian.patientId,
      section: 'ALLERGIES' as const,
      code: '7980',
      status: 'KNOWN_PRESENT' as const,
    };
    await t.database.scriptTransaction(async (tx) => {
      for (const name of ['Penicillin', 'penicillin ']) {
        await tx.query(
          'INSERT INTO history_item (practice_id, patient_id, section, code, name, status) VALUES ($1, $2, $3, $4, $5, $6)',
          [copy.practiceId, copy.patientId, copy.section, copy.code, name, copy.status],
        );
      }
    });
    expect(await migrate(t.database)).toEqual(['0145_history_item_duplicate_key.sql']);

    const stored = await storedItems();
    expect(stored).toHaveLength(1);
    const answer = await save([
      { ...allergy('Penicillin', '7980'), id: stored[0]!.id },
      allergy('Latex', '1003755'),
    ]);
    expect(answer.statusCode).toBe(200);
    expect(
      await t.db
        .select({ key: historyItem.duplicateKey })
        .from(historyItem)
        .where(and(eq(historyItem.patientId, copy.patientId), eq(historyItem.code, '7980'))),
    ).toEqual([{ key: 'name:penicillin' }]);
  });
});
