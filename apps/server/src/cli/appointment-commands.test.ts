import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { integrationConsentsResponse } from '@dermis/contract';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { clinic, consent, encounter, patient } from '../db/schema';
import { signConsent } from '../features/encounters/consents.service';
import { describeEachDatabase } from '../test/database';
import { givenUser } from '../test/fixtures';
import { signaturePng } from '../test/png';
import { buildProgram } from './program';

describeEachDatabase('dermis CLI: clinics, consent profiles and consents', (t) => {
  const run = async (...args: string[]) => {
    const printed: string[] = [];
    const program = buildProgram({ withDatabase: async (fn) => void printed.push(await fn(t.db)) });
    for (const command of [program, ...program.commands]) {
      command
        .exitOverride()
        .configureOutput({ writeErr: (s) => printed.push(s), writeOut: (s) => printed.push(s) });
    }
    await program.parseAsync(['node', 'dermis', ...args]);
    return printed.join('\n');
  };

  it('feeds a clinic, a consent form and a visit with consents, idempotently, and lists signed evidence', async () => {
    const practice = /Practice (\d+) created/.exec(await run('practice:create', '--name', 'Sunshine'))![1]!;
    await run(
      'patient:upsert',
      ...['--practice', practice, '--external-id', 'P-1', '--first-name', 'Maria', '--last-name', 'Lopez'],
      ...['--dob', '1984-03-12'],
    );
    const clinicArgs = [
      'clinic:upsert',
      '--practice',
      practice,
      '--external-id',
      'C-1',
      '--name',
      'Naples Derm',
    ];
    const more = ['--phone', '2395550100', '--website', 'https://naples.example', '--city', 'Naples'];
    expect(await run(...clinicArgs, ...more)).toMatch(/Clinic \d+ \(C-1\) created/);
    expect(await run(...clinicArgs, ...more)).toMatch(/Clinic \d+ \(C-1\) updated/);
    await expect(run(...clinicArgs, '--website', 'ftp://x')).rejects.toThrow(/--website/);
    expect(await t.db.select().from(clinic)).toMatchObject([
      { website: 'https://naples.example', externalId: 'C-1' },
    ]);

    const profile = [
      'consent-profile:upsert',
      '--practice',
      practice,
      '--external-id',
      'HIPAA',
      '--title',
      'HIPAA',
    ];
    expect(await run(...profile, '--text', 'Notice.', '--frequency', 'ONE_TIME')).toMatch(
      /version 1 created/,
    );
    expect(await run(...profile, '--text', 'Notice.', '--frequency', 'ONE_TIME')).toMatch(
      /version 1 updated/,
    );
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'dermis-consent-')), 'text.txt');
    fs.writeFileSync(file, 'Notice, revised.');
    expect(await run(...profile, '--text-file', file, '--frequency', 'ONE_TIME')).toMatch(
      /version 2 updated/,
    );
    await expect(run(...profile, '--text', 'x', '--frequency', 'NEVER')).rejects.toThrow(/--frequency/);
    await expect(run(...profile)).rejects.toThrow(/exactly one of --text and --text-file/);

    const visit = [
      'encounter:upsert',
      ...['--practice', practice, '--external-id', 'V-1', '--patient', 'P-1', '--clinic-external-id', 'C-1'],
      ...['--date', '2030-05-01T14:30:00Z', '--provider', 'DR-1:Ana:Silva:MD', '--consent', 'K-1:HIPAA'],
    ];
    expect(await run(...visit)).toMatch(/created/);
    expect(await run(...visit)).toMatch(/updated/);
    await expect(run(...visit.slice(0, -1), 'K-1')).rejects.toThrow(/--consent/);
    const [row] = await t.db.select().from(consent);
    expect(row).toMatchObject({ externalId: 'K-1', status: 'PENDING' });
    const [visitRow] = await t.db.select().from(encounter);
    expect(visitRow!.clinicId).not.toBeNull();

    const listed = integrationConsentsResponse.parse(
      JSON.parse(await run('consent:list', '--practice', practice, '--patient', 'P-1')),
    );
    expect(listed.consents).toMatchObject([{ externalId: 'K-1', status: 'PENDING', evidence: null }]);

    // A responsible person signs (through the service the app calls); the CLI shows and saves the evidence.
    const signer = await givenUser(t.db, Number(practice), {
      username: 'grace',
      firstName: 'Grace',
      lastName: 'Lopez',
    });
    const [maria] = await t.db.select().from(patient).where(eq(patient.externalId, 'P-1'));
    const png = signaturePng();
    await signConsent(
      t.db,
      {
        id: row!.id,
        encounterId: visitRow!.id,
        patientId: maria!.id,
        consentProfileInfo: { version: 2 },
        status: 'PENDING',
        cosigners: [{ type: 'PATIENT_OR_LEGAL_GUARDIAN', signature: png.toString('base64') }],
      },
      {
        userId: signer.userId,
        patientId: signer.patientId,
        self: false,
        ipAddress: '203.0.113.9',
        userAgent: null,
      },
    );
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dermis-signatures-'));
    const signed = integrationConsentsResponse.parse(
      JSON.parse(
        await run('consent:list', '--practice', practice, '--encounter', 'V-1', '--signature-dir', dir),
      ),
    );
    expect(signed.consents[0]).toMatchObject({
      status: 'SIGNED',
      evidence: {
        text: 'Notice, revised.',
        profileVersion: 2,
        ipAddress: '203.0.113.9',
        signer: { kind: 'RESPONSIBLE_PERSON', username: 'grace' },
      },
    });
    expect(fs.readFileSync(path.join(dir, 'K-1.png')).equals(png)).toBe(true);
    await expect(run('consent:list', '--practice', practice)).rejects.toThrow(/exactly one of/);
    await expect(run('consent:list', '--practice', practice, '--encounter', 'NOPE')).rejects.toThrow(
      /no encounter NOPE/,
    );
  });
});
