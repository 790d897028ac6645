import { expect, it } from 'vitest';
import { drugMonograph, encounter, encounterRole, historyItem, prescription } from '../db/schema';
import { describeEachDatabase } from '../test/database';
import { cliRunner } from '../test/cli';

describeEachDatabase('dermis CLI: clinical feed', (t) => {
  const run = cliRunner(() => t.db);
  const setUp = async () => {
    const out = await run('practice:create', '--name', 'Sunshine');
    const practice = /Practice (\d+) created/.exec(out)![1]!;
    await run(
      'patient:upsert',
      ...['--practice', practice, '--external-id', 'P-1', '--first-name', 'Maria', '--last-name', 'Lopez'],
      ...['--dob', '1984-03-12'],
    );
    return practice;
  };

  it('encounter:upsert creates then updates an encounter with its providers', async () => {
    const practice = await setUp();
    const args = [
      'encounter:upsert',
      ...['--practice', practice, '--external-id', 'V-1', '--patient', 'P-1'],
      ...['--date', '2030-05-01T14:30:00Z', '--provider', 'DR-1:Ana:Silva:MD', '--duration', '45'],
    ];
    expect(await run(...args)).toMatch(/Encounter \d+ \(V-1\) created/);
    expect(await run(...args)).toMatch(/Encounter \d+ \(V-1\) updated/);
    const [row] = await t.db.select().from(encounter);
    expect(row).toMatchObject({ durationMinutes: 45, historyFinished: false });
    expect(await t.db.select().from(encounterRole)).toHaveLength(1);
    await expect(run(...args.slice(0, -4), '--provider', 'broken')).rejects.toThrow(/--provider/);
    await expect(
      run(
        'encounter:upsert',
        '--practice',
        practice,
        '--external-id',
        'V-2',
        '--patient',
        'P-1',
        '--date',
        'soon',
      ),
    ).rejects.toThrow(/--date/);
  });

  it('prescription:upsert and monograph:upsert feed the prescription list', async () => {
    const practice = await setUp();
    const out = await run(
      'prescription:upsert',
      ...['--practice', practice, '--external-id', 'RX-1', '--patient', 'P-1', '--fdb-id', '1649988'],
      ...['--drug-type', 'SCD', '--description', 'Tretinoin 0.025 % Topical Cream', '--status', 'inactive'],
    );
    expect(out).toMatch(/Prescription \d+ \(RX-1\) created/);
    expect((await t.db.select().from(prescription))[0]).toMatchObject({ status: 'INACTIVE' });
    expect(
      await run(
        'monograph:upsert',
        '--practice',
        practice,
        '--fdb-id',
        '1649988',
        '--title',
        'T',
        '--text',
        'Use it',
      ),
    ).toBe('Monograph of 1649988 created');
    expect(await t.db.select().from(drugMonograph)).toHaveLength(1);
  });

  it('history:upsert applies the history rules, and history:delete removes the item', async () => {
    const practice = await setUp();
    const base = ['--practice', practice, '--patient', 'P-1'];
    expect(
      await run(
        'history:upsert',
        ...base,
        ...['--external-id', 'AL-1', '--section', 'allergies', '--code', '7980', '--name', 'Penicillin'],
        ...['--detail', '39579001', '--detail', '247472004'],
      ),
    ).toMatch(/History item \d+ \(AL-1\) created/);
    const [row] = await t.db.select().from(historyItem);
    expect(row!.details.map((d) => d.code)).toEqual(['39579001', '247472004']);
    await expect(
      run(
        'history:upsert',
        ...base,
        ...['--external-id', 'MED-1', '--section', 'MEDICATIONS', '--code', '6064', '--name', 'Isotretinoin'],
        ...['--discontinued', 'not-a-reason'],
      ),
    ).rejects.toThrow(/not valid/);
    expect(await run('history:delete', '--practice', practice, '--external-id', 'AL-1')).toBe(
      'History item AL-1 deleted',
    );
    expect(await t.db.select().from(historyItem)).toHaveLength(0);
  });
});
