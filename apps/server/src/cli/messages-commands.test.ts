import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import {
  directMessage,
  directMessageAttachment,
  mailOutbox,
  patient,
  patientContact,
  practice,
} from '../db/schema';
import { sendDirectMessage } from '../features/messages/messages.service';
import { noOutboundTransport } from '../features/messages/message-transport';
import { LocalBlobStore } from '../lib/blob-store/local-blob-store';
import { OutboxMailer } from '../lib/mail/outbox-mailer';
import { testConfig } from '../test/config';
import { describeEachDatabase } from '../test/database';
import { givenPractice, givenUser } from '../test/fixtures';
import type { MessagesCliIo } from './messages-commands';
import { buildProgram } from './program';

describeEachDatabase('dermis messages:send and messages:clinic-inbox', (t) => {
  const blobDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dermis-msg-cli-'));
  const blobs = new LocalBlobStore(blobDir);
  const files: Record<string, Buffer> = {
    'report.pdf': Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
    'setup.pdf': Buffer.from('MZ\x90\x00\x03\x00\x00\x00PE\0\0', 'latin1'),
  };

  const run = async (...args: string[]) => {
    const printed: string[] = [];
    const io: MessagesCliIo = {
      withDatabase: async (fn) => void printed.push(await fn(t.db)),
      withServices: async (fn) =>
        void printed.push(await fn({ db: t.db, mailer: new OutboxMailer(t.db), config: testConfig() })),
      blobStore: () => blobs,
      readFile: (file) => files[file] ?? Buffer.alloc(0),
    };
    const program = buildProgram(io);
    for (const command of [program, ...program.commands])
      command
        .exitOverride()
        .configureOutput({ writeErr: (s) => printed.push(s), writeOut: (s) => printed.push(s) });
    try {
      await program.parseAsync(['node', 'dermis', ...args]);
    } catch (error) {
      printed.push(`ERROR ${(error as Error).message}`);
    }
    return printed.join('\n');
  };

  it('sends a message with an attachment and the e-mail notice, refuses bad input, and lists messages to the clinic', async () => {
    const practiceId = await givenPractice(t.db);
    await t.db
      .update(practice)
      .set({
        directServiceEnabled: true,
        directDomain: 'direct.cli.org',
        directAddress: 'desk@direct.cli.org',
      })
      .where(eq(practice.id, practiceId));
    const ana = await givenUser(t.db, practiceId, {
      username: `anacli${Date.now()}`,
      firstName: 'Ana',
      lastName: 'Cruz',
    });
    await t.db
      .update(patient)
      .set({ directAddress: 'ana@direct.cli.org', directServiceEnabled: true })
      .where(eq(patient.id, ana.patientId));
    await t.db
      .insert(patientContact)
      .values({ patientId: ana.patientId, type: 'EMAIL_ADDRESS', value: 'ana.cli@example.org' });
    const [row] = await t.db
      .select({ ext: patient.externalId })
      .from(patient)
      .where(eq(patient.id, ana.patientId));
    const base = [
      'messages:send',
      '--practice',
      String(practiceId),
      '--patient',
      row!.ext,
      '--subject',
      'Results',
      '--body',
      'See the report.',
      '--from',
      'Dr. Olivia Bennett',
    ];

    const out = await run(...base, '--attach', 'report.pdf');
    expect(out).toMatch(/^Message \d+ sent to .+ \(ana@direct\.cli\.org\); e-mail notice queued\.$/);
    const [message] = await t.db
      .select()
      .from(directMessage)
      .where(eq(directMessage.patientId, ana.patientId));
    expect(message).toMatchObject({
      folder: 'INBOX',
      subject: 'Results',
      sentByStaff: 'Dr. Olivia Bennett',
      messageWasRead: false,
    });
    const [attachment] = await t.db
      .select()
      .from(directMessageAttachment)
      .where(eq(directMessageAttachment.messageId, message!.id));
    expect(attachment).toMatchObject({ name: 'report.pdf', mimeType: 'application/pdf' });
    expect((await blobs.get(`messages/${attachment!.s3Id}`))?.equals(files['report.pdf']!)).toBe(true);
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'ana.cli@example.org'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('You have a new message');

    expect(await run(...base, '--attach', 'setup.pdf')).toContain('is not an allowed type of file');
    expect(
      await run(
        'messages:send',
        '--practice',
        String(practiceId),
        '--patient',
        'nobody',
        '--subject',
        'x',
        '--body',
        'y',
        '--from',
        'z',
      ),
    ).toContain('ERROR');
    expect(await run(...base.slice(0, 5), '--subject', ' ', '--body', 'y', '--from', 'z')).toContain(
      'Subject is required',
    );
    expect(
      await t.db.select().from(directMessage).where(eq(directMessage.patientId, ana.patientId)),
    ).toHaveLength(1);

    expect(await run('messages:clinic-inbox', '--practice', String(practiceId))).toBe(
      'No messages to the practice.',
    );
    await sendDirectMessage(
      { db: t.db, blobs, messageTransport: noOutboundTransport },
      ana.patientId,
      ana.userId,
      {
        patientId: ana.patientId,
        to: 'desk@direct.cli.org',
        subject: 'Can I call?',
        content: 'Please call me back.',
        mimeType: 'text/plain',
        attachments: [],
      },
    );
    const inbox = await run('messages:clinic-inbox', '--practice', String(practiceId));
    expect(inbox).toContain(`Ana Cruz (${row!.ext}): Can I call?`);
    expect(inbox).toContain('Please call me back.');
    expect(await run('messages:clinic-inbox', '--practice', 'x')).toContain(
      'must be a positive whole number',
    );
  });
});
