import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { integrationConsentsResponse } from '@dermis/contract';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { apiKey, clinic, consent, encounter, patient, provider } from '../db/schema';
import { signConsent } from '../features/consents/consent-signing.service';
import { blobKey } from '../lib/blob-store/blob-store';
import { LocalBlobStore } from '../lib/blob-store/local-blob-store';
import { newApiKey, sha256Hex } from '../lib/secrets';
import { useTestApp } from '../test/app';
import { describeEachDatabase } from '../test/database';
import { givenUser } from '../test/fixtures';
import { signaturePng } from '../test/png';
import type { FilesCliIo } from './files-commands';
import { buildProgram } from './program';

describeEachDatabase('dermis CLI: clinics, consent profiles and consents', (t) => {
  const newApp = useTestApp(t);
  const blobs = new LocalBlobStore(fs.mkdtempSync(path.join(os.tmpdir(), 'dermis-provider-photo-')));
  const run = async (...args: string[]) => {
    const printed: string[] = [];
    const io: FilesCliIo = {
      withDatabase: async (fn) => void printed.push(await fn(t.db)),
      print: (text) => void printed.push(text),
      blobStore: () => blobs,
    };
    const program = buildProgram(io);
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

  it('encounter:upsert sends provider photos checked by content, locally and through the API', async () => {
    const practice = /Practice (\d+) created/.exec(await run('practice:create', '--name', 'Sunshine'))![1]!;
    await run(
      'patient:upsert',
      ...['--practice', practice, '--external-id', 'P-1', '--first-name', 'Maria', '--last-name', 'Lopez'],
      ...['--dob', '1984-03-12'],
    );
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dermis-photos-'));
    const file = (name: string, bytes: Buffer) => {
      fs.writeFileSync(path.join(dir, name), bytes);
      return path.join(dir, name);
    };
    const png = signaturePng(48, 48);
    // A JPEG by its content (SOI and a JFIF APP0 marker); the file name says nothing.
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16]), Buffer.from('JFIF\0rest')]);
    const pngFile = file('silva.png', png);
    const jpegFile = file('webb.bin', jpeg);
    const svgAsPng = file('fake.png', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'));
    const visit = (...more: string[]) => [
      'encounter:upsert',
      ...['--practice', practice, '--external-id', 'V-1', '--patient', 'P-1'],
      ...['--date', '2030-05-01T14:30:00Z', '--provider', 'DR-1:Ana:Silva:MD'],
      ...more,
    ];
    const photoOf = async (externalId: string) => {
      const [row] = await t.db.select().from(provider).where(eq(provider.externalId, externalId));
      return { s3Id: row!.avatarS3Id, mimeType: row!.avatarMimeType };
    };
    const nameOf = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex').slice(0, 32);

    expect(await run(...visit('--provider-photo', `DR-1:${pngFile}`))).toMatch(
      /Encounter \d+ \(V-1\) created/,
    );
    expect(await photoOf('DR-1')).toEqual({ s3Id: nameOf(png), mimeType: 'image/png' });
    expect((await blobs.get(blobKey('provider-avatars', nameOf(png))))!.equals(png)).toBe(true);
    // Without the option the photo stays; a second provider's JPEG is recognised by its bytes.
    await run(...visit('--provider', 'DR-2:Lena:Webb:PA-C', '--provider-photo', `DR-2:${jpegFile}`));
    expect(await photoOf('DR-1')).toEqual({ s3Id: nameOf(png), mimeType: 'image/png' });
    expect(await photoOf('DR-2')).toEqual({ s3Id: nameOf(jpeg), mimeType: 'image/jpeg' });

    // Refused before anything is stored: not an image by content, a provider not in the visit, no file.
    await expect(run(...visit('--provider-photo', `DR-1:${svgAsPng}`))).rejects.toThrow(
      /--provider-photo: A provider avatar must be a PNG or JPEG image of at most 5 MB\./,
    );
    await expect(run(...visit('--provider-photo', `DR-9:${pngFile}`))).rejects.toThrow(
      /--provider-photo: use EXTERNAL_ID:FILE with the id of a --provider/,
    );
    await expect(run(...visit('--provider-photo', `DR-1:${path.join(dir, 'missing.png')}`))).rejects.toThrow(
      /--provider-photo: cannot read/,
    );
    expect(await photoOf('DR-1')).toEqual({ s3Id: nameOf(png), mimeType: 'image/png' });
    // An empty file part removes the photo.
    await run(...visit('--provider-photo', 'DR-1:'));
    expect(await photoOf('DR-1')).toEqual({ s3Id: null, mimeType: null });

    // Remote mode sends the photo to the integration API, which stores it in the server's blob store.
    const key = newApiKey();
    await t.db.insert(apiKey).values({ practiceId: Number(practice), keyHash: sha256Hex(key), label: 'cli' });
    const app = await newApp();
    await app.listen({ port: 0, host: '127.0.0.1' });
    const server = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const remote = ['--server', server, '--api-key', key];
    expect(await run(...remote, ...visit('--provider-photo', `DR-1:${jpegFile}`))).toMatch(
      /Encounter \d+ \(V-1\) updated/,
    );
    expect(await photoOf('DR-1')).toEqual({ s3Id: nameOf(jpeg), mimeType: 'image/jpeg' });
    expect((await app.blobs.get(blobKey('provider-avatars', nameOf(jpeg))))!.equals(jpeg)).toBe(true);
    await expect(run(...remote, ...visit('--provider-photo', `DR-1:${svgAsPng}`))).rejects.toThrow(
      /--provider-photo: A provider avatar must be a PNG or JPEG/,
    );
  });
});
