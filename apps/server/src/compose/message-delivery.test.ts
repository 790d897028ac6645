/**
 * The transport end to end with real SMTP on 127.0.0.1 (random ports): the inbound Direct listener
 * (auth, RCPT refusal, size limit, filing with attachments, DSN → FAILED), the outbound HISP (a
 * real smtp-server requiring AUTH), and the two transmit calls with the records ZIP, the outbox,
 * the activity log and the send limits.
 */
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { strFromU8, unzipSync } from 'fflate';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DirectMessage, IntegrationPracticeMessage } from '@dermis/contract';
import {
  activityLog,
  clinic,
  directMessage,
  directMessageAttachment,
  encounter,
  mailOutbox,
  mailOutboxAttachment,
} from '../db/schema';
import type { Db } from '../db/database';
import { blobKey } from '../lib/blob-store/blob-store';
import { useTestApp } from '../test/app';
import { describeEachDatabase } from '../test/database';
import { givenDirectAddress, givenDirectPractice } from '../test/direct';
import { pdfBytes as pdf, windowsProgram as disguisedExe } from '../test/files';
import { bearer, givenFamily, givenPracticeWithKey, signIn, type UserFixture } from '../test/fixtures';
import { databaseDirectInbox } from './direct-inbox';
import { startDirectListener, type DirectListener } from '../lib/hisp/inbound-listener';

const inboundAuth = { user: 'hisp-inbound', pass: 'a-long-inbound-secret-123' };
const clinicAddress = 'desk@direct.sunshine.org';

async function givenEncounter(db: Db, practiceId: number, patientId: number, when: string) {
  const [c] = await db
    .insert(clinic)
    .values({ practiceId, name: 'Naples Clinic' })
    .returning({ id: clinic.id });
  await db.insert(encounter).values({
    practiceId,
    patientId,
    externalId: `E-${patientId}-${when}`,
    clinicId: c!.id,
    dateOfService: new Date(when),
  });
}

/** A fake HISP: a real SMTP server that requires AUTH and keeps what it accepts. */
async function startFakeHisp(options: { refuse?: boolean } = {}) {
  const received: { user: string | undefined; to: string[]; raw: Buffer }[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authOptional: false,
    logger: false,
    onAuth(auth, _s, cb) {
      if (auth.username === 'portal' && auth.password === 'hisp-pass') cb(null, { user: auth.username });
      else cb(new Error('bad credentials'));
    },
    onRcptTo(_a, _s, cb) {
      if (options.refuse) cb(Object.assign(new Error('mailbox unavailable'), { responseCode: 550 }));
      else cb();
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          user: session.user as string | undefined,
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks),
        });
        cb();
      });
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://portal:hisp-pass@127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

describeEachDatabase('message delivery through the HISP, both ways, and transmit', (t) => {
  const newApp = useTestApp(t);
  let app: FastifyInstance;
  let practiceId: number;
  let practiceKey: string;
  let guardian: UserFixture;
  let stranger: UserFixture;
  let minorId: number;
  let token: string;
  let listener: DirectListener | undefined;
  let hisp: Awaited<ReturnType<typeof startFakeHisp>> | undefined;

  beforeEach(async () => {
    ({ practiceId, apiKey: practiceKey } = await givenPracticeWithKey(t.db, 'Sunshine Dermatology'));
    // Direct is on for the practice (spec §5 needs it as well as the patient's own switch).
    await givenDirectPractice(t.db, practiceId, 'direct.sunshine.org', clinicAddress);
    ({ guardian, stranger, minorId } = await givenFamily(t.db, practiceId));
    await givenEncounter(t.db, practiceId, guardian.patientId, '2026-01-15T14:00:00Z');
    await givenEncounter(t.db, practiceId, minorId, '2026-02-10T15:00:00Z');
    await givenDirectAddress(t.db, guardian.patientId, 'daniel.reed@direct.sunshine.org');
    await givenDirectAddress(t.db, minorId, 'emma.reed@direct.sunshine.org');
    await givenDirectAddress(t.db, stranger.patientId, 'eve.stone@direct.sunshine.org');
  });
  afterEach(async () => {
    await listener?.close();
    await hisp?.close();
    listener = undefined;
    hisp = undefined;
  });

  const start = async (overrides: Parameters<typeof newApp>[0] = {}) => {
    app = await newApp(overrides);
    token = (await signIn(app, 'daniel', guardian.password)).accessToken;
  };
  const listen = async (maxBytes = 2_000_000) => {
    listener = await startDirectListener(
      {
        host: '127.0.0.1',
        port: 0,
        username: inboundAuth.user,
        password: inboundAuth.pass,
        maxBytes,
        tls: null,
      },
      databaseDirectInbox(t.db, app.blobs),
      app.log,
    );
    return listener.port;
  };
  const sendTo = (port: number, mail: SendMailOptions, auth = inboundAuth) =>
    nodemailer
      .createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true, auth })
      .sendMail(mail);
  /** The two transmit calls as the signed-in guardian. */
  const transmit = (channel: 'direct' | 'email', payload: object) =>
    app.inject({
      method: 'POST',
      url:
        channel === 'direct' ? '/api/app/directMessage/sendByFilter' : '/api/app/patient/email/sendByFilter',
      headers: bearer(token),
      payload,
    });
  const copies = (patientId: number) =>
    t.db.select().from(directMessage).where(eq(directMessage.patientId, patientId)).orderBy(directMessage.id);

  describe('inbound Direct listener', () => {
    it("files a message to a known address into that patient's inbox, its attachment in the blob store", async () => {
      await start();
      const port = await listen();
      await sendTo(port, {
        from: 'Dr. Olivia Bennett <obennett@direct.hospital.org>',
        to: 'emma.reed@direct.sunshine.org',
        subject: 'Lab results',
        text: 'Your results are attached.',
        attachments: [
          {
            filename: 'results.pdf',
            content: Buffer.from('%PDF-1.4 results'),
            contentType: 'application/pdf',
          },
        ],
      });
      const [copy] = await copies(minorId);
      expect(copy).toMatchObject({
        folder: 'INBOX',
        status: 'DELIVERED',
        fromAddress: 'obennett@direct.hospital.org',
        fromName: 'Dr. Olivia Bennett',
        subject: 'Lab results',
        messageWasRead: false,
      });
      expect(copy!.content).toContain('Your results are attached.');
      expect(await copies(guardian.patientId)).toEqual([]);
      const [file] = await t.db
        .select()
        .from(directMessageAttachment)
        .where(eq(directMessageAttachment.messageId, copy!.id));
      expect(file).toMatchObject({ name: 'results.pdf', mimeType: 'application/pdf', patientId: minorId });
      expect((await app.blobs.get(blobKey('messages', file!.s3Id)))?.toString()).toBe('%PDF-1.4 results');
    });

    it('refuses an unknown recipient at RCPT, a bad password and an oversized message', async () => {
      await start();
      const port = await listen(100_000);
      await expect(
        sendTo(port, {
          from: 'a@direct.hospital.org',
          to: 'nobody@direct.sunshine.org',
          subject: 'x',
          text: 'x',
        }),
      ).rejects.toMatchObject({ responseCode: 550 });
      await expect(
        sendTo(
          port,
          { from: 'a@direct.hospital.org', to: 'emma.reed@direct.sunshine.org', subject: 'x', text: 'x' },
          { user: inboundAuth.user, pass: 'wrong-password-123456' },
        ),
      ).rejects.toMatchObject({ responseCode: 535 });
      await expect(
        sendTo(port, {
          from: 'a@direct.hospital.org',
          to: 'emma.reed@direct.sunshine.org',
          subject: 'big',
          text: 'x'.repeat(200_000),
        }),
      ).rejects.toMatchObject({ responseCode: 552 });
      expect(await copies(minorId)).toEqual([]);
    });

    it('refuses a message whose attachment is not an allowed type by content with 554, filing nothing', async () => {
      await start();
      const port = await listen();
      await expect(
        sendTo(port, {
          from: 'a@direct.hospital.org',
          to: 'emma.reed@direct.sunshine.org',
          subject: 'Results',
          text: 'Open the attachment.',
          attachments: [
            { filename: 'notes.txt', content: 'Plain notes.', contentType: 'text/plain' },
            { filename: 'results.pdf', content: disguisedExe, contentType: 'application/pdf' },
          ],
        }),
      ).rejects.toMatchObject({ responseCode: 554 });
      expect(await copies(minorId)).toEqual([]);
      expect(await t.db.select().from(directMessageAttachment)).toEqual([]);
    });

    it("files mail to the practice's own Direct address into the clinic's inbox, and no patient's", async () => {
      await start();
      const port = await listen();
      await sendTo(port, {
        from: 'Dr. Olivia Bennett <obennett@direct.hospital.org>',
        to: [clinicAddress, 'emma.reed@direct.sunshine.org'],
        subject: 'Referral',
        text: 'Please see Emma next week.',
        attachments: [{ filename: 'referral.pdf', content: pdf, contentType: 'application/pdf' }],
      });
      const feed = await app.inject({
        method: 'GET',
        url: '/api/integration/direct-messages?afterId=0',
        headers: { 'x-api-key': practiceKey },
      });
      expect(feed.statusCode, feed.body).toBe(200);
      const [received, ...others] = feed.json<{ messages: IntegrationPracticeMessage[] }>().messages;
      expect(others).toEqual([]);
      expect(received).toMatchObject({
        patientExternalId: null,
        patientFullName: null,
        from: 'Dr. Olivia Bennett <obennett@direct.hospital.org>',
        to: clinicAddress,
        subject: 'Referral',
        sentByFullName: null,
      });
      expect(received!.content).toContain('Please see Emma next week.');
      expect(received!.attachments).toMatchObject([{ name: 'referral.pdf', mimeType: 'application/pdf' }]);
      // Emma's copy is hers; the clinic's copy is nobody's folder and no patient can reach its file.
      expect((await copies(minorId)).map((c) => c.subject)).toEqual(['Referral']);
      expect(await copies(guardian.patientId)).toEqual([]);
      const download = await app.inject({
        method: 'GET',
        url: `/api/app/directMessage/getAttachment/_rid/${received!.attachments[0]!.id}`,
        headers: bearer(token),
      });
      expect(download.statusCode).toBe(403);
    });
  });

  describe('outbound Direct through the HISP', () => {
    it('transmits the summary to another domain over authenticated SMTP; a DSN from the HISP moves it to FAILED', async () => {
      hisp = await startFakeHisp();
      await start({ directSmtpUrl: hisp.url });
      const response = await transmit('direct', {
        patientId: guardian.patientId,
        directMessageInfo: {
          patientId: guardian.patientId,
          fromPatientId: guardian.patientId,
          to: 'records@direct.hospital.org',
          subject: 'My health summary',
          content: 'For my visit.',
        },
        startDate: '2026-01-01T00:00:00Z',
        endDate: '2026-02-01T00:00:00Z',
        ccdaAttachmentName: 'Daniel_Reed_Health_Summary_01/01/2026_01/31/2026.zip'.replace(/\//g, '_'),
      });
      expect(response.statusCode, response.body).toBe(200);
      const sent = response.json<DirectMessage>();
      expect(sent).toMatchObject({ status: 'SENT', directMessageType: 'SENT', isDirect: true });
      expect(sent.attachments.map((a) => a.name)).toEqual([
        'Daniel_Reed_Health_Summary_01_01_2026_01_31_2026.zip',
      ]);
      expect(hisp.received).toHaveLength(1);
      expect(hisp.received[0]!.user).toBe('portal');
      expect(hisp.received[0]!.to).toEqual(['records@direct.hospital.org']);
      const parsed = await simpleParser(hisp.received[0]!.raw);
      const zip = unzipSync(new Uint8Array(parsed.attachments[0]!.content));
      expect(Object.keys(zip)).toContain('IHE_XDM/SUBSET01/METADATA.XML');
      expect(strFromU8(zip['IHE_XDM/SUBSET01/DOC0001.XML']!)).toContain('ClinicalDocument');
      const logged = await t.db.select().from(activityLog).where(eq(activityLog.action, 'TRANSMIT'));
      expect(logged).toMatchObject([{ patientId: guardian.patientId, actorUserId: guardian.userId }]);

      // The HISP later reports that the far side could not deliver it.
      const port = await listen();
      const originalId = parsed.messageId!;
      await sendTo(port, {
        envelope: { from: 'mailer-daemon@hisp.example', to: 'daniel.reed@direct.sunshine.org' },
        ...dsnBody(originalId),
      });
      const [copy] = await t.db.select().from(directMessage).where(eq(directMessage.id, sent.id));
      expect(copy).toMatchObject({ folder: 'FAILED', status: 'FAILED' });
      expect(copy!.failureReason).toMatch(/could not be delivered/);
    });

    it('puts the message in FAILED when the HISP refuses it, and logs the failed attempt', async () => {
      hisp = await startFakeHisp({ refuse: true });
      await start({ directSmtpUrl: hisp.url });
      const response = await transmit('direct', {
        patientId: guardian.patientId,
        directMessageInfo: {
          patientId: guardian.patientId,
          to: 'records@direct.hospital.org',
          subject: 'S',
        },
        ccdaAttachmentName: 'Daniel_Reed_Health_Summary.zip',
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<DirectMessage>()).toMatchObject({ status: 'FAILED', directMessageType: 'FAILED' });
      const logged = await t.db.select().from(activityLog).where(eq(activityLog.action, 'TRANSMIT'));
      expect(logged).toMatchObject([
        {
          patientId: guardian.patientId,
          actorUserId: guardian.userId,
          toAddress: 'records@direct.hospital.org',
          outcome: 'FAILED',
        },
      ]);
      // The patient reads it in their activity log, with its outcome.
      const log = await app.inject({
        method: 'GET',
        url: `/api/app/patient/activityLog/_rid/${guardian.patientId}`,
        headers: bearer(token),
      });
      expect(log.statusCode, log.body).toBe(200);
      expect(
        log.json<{ action: string; outcome: string }[]>().filter((e) => e.action !== 'SIGN_IN'),
      ).toMatchObject([{ action: 'TRANSMIT', outcome: 'FAILED', toAddress: 'records@direct.hospital.org' }]);
    });

    it('delivers a transmission to another address of this portal locally', async () => {
      await start();
      const response = await transmit('direct', {
        patientId: guardian.patientId,
        directMessageInfo: {
          patientId: guardian.patientId,
          to: 'eve.stone@direct.sunshine.org',
          subject: 'Summary',
        },
        ccdaAttachmentName: 'Daniel_Reed_Health_Summary.zip',
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<DirectMessage>()).toMatchObject({ status: 'DELIVERED' });
      const [inbox] = await copies(stranger.patientId);
      expect(inbox).toMatchObject({
        folder: 'INBOX',
        subject: 'Summary',
        fromAddress: 'daniel.reed@direct.sunshine.org',
      });
    });
  });

  describe('transmit by e-mail', () => {
    const emailBody = (patientId: number, extra: Record<string, unknown> = {}) => ({
      patientId,
      patientEmailInfo: {
        patientId,
        to: 'doctor@example.org',
        subject: 'Health summary',
        content: 'See attached.',
      },
      startDate: '2026-02-01T00:00:00Z',
      endDate: '2026-03-01T00:00:00Z',
      ccdaAttachmentName: 'Emma_Reed_Health_Summary_02_01_2026_02_28_2026.zip',
      ...extra,
    });

    it('puts a valid ZIP named by the rule in the outbox; a responsible person is logged as the actor', async () => {
      await start();
      const response = await transmit('email', emailBody(minorId, { sentByResponsiblePerson: true }));
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<DirectMessage>()).toMatchObject({
        status: 'SENT',
        isDirect: false,
        sentByFullName: 'Daniel Reed',
      });
      const [mail] = await t.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.toAddress, 'doctor@example.org'));
      expect(mail).toMatchObject({
        category: 'HEALTH_SUMMARY',
        subject: 'Sunshine Dermatology: Health summary',
      });
      expect(mail!.textBody).toContain('Emma Reed sent you a health summary');
      const [file] = await t.db
        .select()
        .from(mailOutboxAttachment)
        .where(eq(mailOutboxAttachment.mailId, mail!.id));
      expect(file!.fileName).toBe('Emma_Reed_Health_Summary_02_01_2026_02_28_2026.zip');
      const zip = unzipSync(new Uint8Array(file!.content));
      expect(strFromU8(zip['IHE_XDM/SUBSET01/DOC0001.XML']!)).toContain('ClinicalDocument');
      expect(strFromU8(zip['IHE_XDM/SUBSET01/DOC0002.HTM']!)).toContain('<h1>');
      const logged = await t.db
        .select()
        .from(activityLog)
        .where(and(eq(activityLog.action, 'TRANSMIT_VIA_EMAIL'), eq(activityLog.patientId, minorId)));
      expect(logged).toMatchObject([{ actorUserId: guardian.userId, toAddress: 'doctor@example.org' }]);
    });

    it('answers NO_DATA without encounters in the range, and a start after the end with 400', async () => {
      await start();
      const none = await transmit(
        'email',
        emailBody(minorId, { startDate: '2025-01-01T00:00:00Z', endDate: '2025-02-01T00:00:00Z' }),
      );
      expect(none.statusCode).toBe(404);
      expect(none.json()).toMatchObject({ error: 'NO_DATA', message: 'Health Information is not available' });
      const backwards = await transmit(
        'email',
        emailBody(minorId, { startDate: '2026-03-02T00:00:00Z', endDate: '2026-03-01T00:00:00Z' }),
      );
      expect(backwards.statusCode).toBe(400);
      expect(await t.db.select().from(mailOutbox)).toEqual([]);
    });

    it('stops at the daily send limit with 429 and a message', async () => {
      await start({ sendLimitPerAccount: 2 });
      const send = () => transmit('email', emailBody(minorId));
      expect((await send()).statusCode).toBe(200);
      expect((await send()).statusCode).toBe(200);
      const third = await send();
      expect(third.statusCode).toBe(429);
      expect(third.json()).toMatchObject({
        message: 'You have reached your daily message limit (2). Please try again tomorrow.',
      });
      expect(await t.db.select().from(mailOutbox)).toHaveLength(2);
    });

    it("refuses another patient's summary (403) and a mismatched inner patient", async () => {
      await start();
      const other = await transmit('email', emailBody(stranger.patientId));
      expect(other.statusCode).toBe(403);
      const mixed = await transmit('email', {
        ...emailBody(guardian.patientId),
        patientEmailInfo: emailBody(stranger.patientId).patientEmailInfo,
      });
      expect(mixed.statusCode).toBe(403);
      expect(await t.db.select().from(mailOutbox)).toEqual([]);
    });
  });
});

/** A minimal RFC 3464 delivery report about `originalId`, as nodemailer raw parts. */
function dsnBody(originalId: string): SendMailOptions {
  return {
    raw: [
      'From: mailer-daemon@hisp.example',
      'To: daniel.reed@direct.sunshine.org',
      'Subject: Delivery Status Notification (Failure)',
      `Message-ID: <dsn-${Date.now()}@hisp.example>`,
      'MIME-Version: 1.0',
      'Content-Type: multipart/report; report-type=delivery-status; boundary="b1"',
      '',
      '--b1',
      'Content-Type: text/plain',
      '',
      'Your message could not be delivered.',
      '--b1',
      'Content-Type: message/delivery-status',
      '',
      'Reporting-MTA: dns; hisp.example',
      `Original-Envelope-Id: ${originalId}`,
      '',
      'Final-Recipient: rfc822; records@direct.hospital.org',
      'Action: failed',
      'Status: 5.1.1',
      '--b1',
      'Content-Type: text/rfc822-headers',
      '',
      `Message-ID: ${originalId}`,
      'Subject: My health summary',
      '--b1--',
      '',
    ].join('\r\n'),
  };
}
