import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import {
  apiKey,
  clinic,
  patient,
  patientContact,
  patientProfile,
  practice,
  responsiblePerson,
} from '../db/schema';
import { sha256Hex } from '../lib/secrets';
import { describeEachDatabase } from '../test/database';
import { buildProgram } from './program';
import { cliRunner } from '../test/cli';

describeEachDatabase('dermis CLI', (t) => {
  const run = cliRunner(() => t.db);
  const newPractice = async (...extra: string[]) => {
    const out = await run('practice:create', '--name', 'Sunshine', ...extra);
    return {
      out,
      id: Number(/Practice (\d+) created/.exec(out)?.[1]),
      key: /(dermis_[\w-]+)/.exec(out)?.[1] ?? '',
    };
  };

  it('--help lists every command with a description and examples', () => {
    const help = buildProgram({ withDatabase: () => Promise.resolve() }).helpInformation();
    for (const command of [
      'practice:create',
      'clinic:create',
      'patient:upsert',
      'responsible:link',
      'apikey:create',
    ]) {
      expect(help).toMatch(new RegExp(`${command}\\s.*\\S`));
    }
    const full = (() => {
      let text = '';
      const program = buildProgram({ withDatabase: () => Promise.resolve() });
      program.configureOutput({ writeOut: (s) => (text += s) }).exitOverride();
      try {
        program.parse(['node', 'dermis', '--help']);
      } catch {
        // exitOverride throws after printing help.
      }
      return text;
    })();
    expect(full).toContain('Examples:');
    expect(full).toContain('npm run dermis -- practice:create');
  });

  it('practice:create prints the id and a new API key whose hash only is stored', async () => {
    const { out, id, key } = await newPractice('--mfa-required');
    expect(out).toContain('shown once');
    const [row] = await t.db.select().from(practice).where(eq(practice.id, id));
    expect(row).toMatchObject({ name: 'Sunshine', mfaRequiredByPracticeAdmin: true, npi: null });
    // The practice's organisation NPI, which its C-CDA documents name it by.
    const withNpi = await newPractice('--npi', '1740283654');
    const [named] = await t.db.select().from(practice).where(eq(practice.id, withNpi.id));
    expect(named?.npi).toBe('1740283654');
    await expect(run('practice:create', '--name', 'X', '--npi', '12345')).rejects.toThrow(
      /--npi: An NPI has 10 digits\./,
    );
    const keys = await t.db.select().from(apiKey).where(eq(apiKey.practiceId, id));
    expect(keys.map((k) => k.keyHash)).toEqual([sha256Hex(key)]);
  });

  it('clinic:create, patient:upsert and responsible:link feed the practice', async () => {
    const { id } = await newPractice();
    expect(
      await run(
        'clinic:create',
        '--practice',
        String(id),
        '--name',
        'Naples',
        '--city',
        'Naples',
        '--state',
        'FL',
      ),
    ).toMatch(/Clinic \d+ created: Naples/);
    expect(await t.db.select().from(clinic).where(eq(clinic.practiceId, id))).toHaveLength(1);

    const upsert = (externalId: string, firstName: string, ...extra: string[]) =>
      run(
        'patient:upsert',
        '--practice',
        String(id),
        '--external-id',
        externalId,
        '--first-name',
        firstName,
        '--last-name',
        'Reed',
        '--dob',
        '1979-11-20',
        ...extra,
      );
    expect(
      await upsert('DAD', 'Daniel', '--gender', 'male', '--email', 'd@example.com', '--phone', '555-0187'),
    ).toMatch(/\(DAD\) created/);
    expect(await upsert('KID', 'Emma', '--gender', 'FEMALE')).toMatch(/\(KID\) created/);
    expect(await upsert('DAD', 'Dan', '--gender', 'male', '--email', 'd@example.com')).toMatch(
      /\(DAD\) updated/,
    );

    const [dad] = await t.db
      .select()
      .from(patient)
      .where(and(eq(patient.practiceId, id), eq(patient.externalId, 'DAD')));
    expect(dad).toMatchObject({ firstName: 'Dan', gender: 'MALE' });
    // The sex assigned at birth: set, kept when left out, refused when not F, M or UNK.
    const birthSexOfDad = async () =>
      (
        await t.db
          .select({ birthSex: patientProfile.birthSex })
          .from(patientProfile)
          .where(eq(patientProfile.patientId, dad!.id))
      )[0]?.birthSex ?? null;
    expect(await birthSexOfDad()).toBeNull();
    expect(
      await upsert('DAD', 'Dan', '--gender', 'male', '--birth-sex', 'm', '--email', 'd@example.com'),
    ).toMatch(/\(DAD\) updated/);
    expect(await birthSexOfDad()).toBe('M');
    await expect(upsert('DAD', 'Dan', '--birth-sex', 'male')).rejects.toThrow(
      /--birth-sex: Use F \(female\), M \(male\) or UNK \(unknown\)/,
    );
    await upsert('DAD', 'Dan', '--gender', 'male', '--email', 'd@example.com');
    expect(await birthSexOfDad()).toBe('M');
    expect(
      (await t.db.select().from(patientContact).where(eq(patientContact.patientId, dad!.id))).map(
        (c) => c.type,
      ),
    ).toEqual(['EMAIL_ADDRESS']);

    expect(
      await run(
        'responsible:link',
        '--practice',
        String(id),
        '--patient',
        'KID',
        '--responsible',
        'DAD',
        '--relationship',
        '2',
      ),
    ).toMatch(/is active/);
    expect(
      await run(
        'responsible:link',
        '--practice',
        String(id),
        '--patient',
        'KID',
        '--responsible',
        'DAD',
        '--relationship',
        '2',
        '--inactive',
      ),
    ).toMatch(/is inactive/);
    const links = await t.db.select().from(responsiblePerson);
    expect(links).toHaveLength(1);
    expect(links[0]).toMatchObject({ responsiblePatientId: dad!.id, relationship: 2, active: false });
  });

  it('apikey:create adds a key to an existing practice', async () => {
    const { id } = await newPractice();
    const out = await run('apikey:create', '--practice', String(id), '--label', 'EHR feed');
    const key = /(dermis_[\w-]+)/.exec(out)?.[1] ?? '';
    const [row] = await t.db
      .select()
      .from(apiKey)
      .where(eq(apiKey.keyHash, sha256Hex(key)));
    expect(row).toMatchObject({ practiceId: id, label: 'EHR feed' });
  });

  it('fails with clear messages on bad input and unknown records', async () => {
    const { id } = await newPractice();
    await expect(run('apikey:create', '--practice', '999')).rejects.toThrow(
      'No practice with id 999 exists.',
    );
    await expect(run('clinic:create', '--practice', 'abc', '--name', 'X')).rejects.toThrow(
      /must be a positive whole number/,
    );
    await expect(
      run(
        'patient:upsert',
        '--practice',
        String(id),
        '--external-id',
        'X',
        '--first-name',
        'A',
        '--last-name',
        'B',
        '--dob',
        '12/31/1999',
      ),
    ).rejects.toThrow(/--dob: Use the format YYYY-MM-DD\./);
    await expect(
      run(
        'responsible:link',
        '--practice',
        String(id),
        '--patient',
        'NOPE',
        '--responsible',
        'X',
        '--relationship',
        '2',
      ),
    ).rejects.toThrow('No patient with external id NOPE exists in this practice.');
    await expect(run('practice:create')).rejects.toThrow(/required option '--name <name>' not specified/);
  });
});
