/**
 * Messages (spec 002 §3–§9): folders, one message, markAsRead and the unread count, Direct
 * send with local delivery (and the transport seam for everything else), e-mail send, attachments
 * checked by content with signed downloads, a responsible person acting for a minor, and the clinic's
 * integration API (send to a patient with the e-mail notice; read patients' messages to the clinic).
 */
import type {
  AddAttachmentResponse,
  DirectMessage,
  GetMessagesResponse,
  UploadUrlResponse,
} from '@dermis/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeEach, expect, it } from 'vitest';
import { buildApp } from '../../app';
import {
  directMessage,
  directMessageAttachment,
  emailPreference,
  mailOutbox,
  patient,
  patientContact,
  practice,
} from '../../db/schema';
import { useTestApp } from '../../test/app';
import { testConfig } from '../../test/config';
import { describeEachDatabase } from '../../test/database';
import { givenDirectAddress, givenDirectPractice } from '../../test/direct';
import { pdfBytes as pdf, windowsProgram as exe } from '../../test/files';
import type { Family, UserFixture } from '../../test/fixtures';
import { bearer, givenFamily, givenPracticeWithKey, givenUser, signIn } from '../../test/fixtures';
import { MemoryCounterStore } from '../../lib/counters/memory-counter-store';
import { blobKey } from '../../lib/blob-store/blob-store';
import { runJobIfDue } from '../../lib/jobs/scheduled-jobs';
import { scheduledJobs } from '../../compose/scheduled-jobs';
import { staleAttachmentJobName } from './messages.attachments';
import { deliverToInbox } from './messages.received';
import type { MessageTransport, OutboundMessage } from './message-transport';
import { outboundNotConfiguredReason } from './message-transport';

const domain = 'direct.testpractice.org';

describeEachDatabase('messages', (t) => {
  const newApp = useTestApp(t);
  let app: FastifyInstance;
  let apiKey: string;
  let practiceId: number;
  let maria: UserFixture;
  let bob: UserFixture;
  let family: Family;
  let mariaToken: string;
  let bobToken: string;
  let mariaAddress: string;
  let bobAddress: string;
  let emmaAddress: string;

  beforeEach(async () => {
    const p = await givenPracticeWithKey(t.db);
    practiceId = p.practiceId;
    apiKey = p.apiKey;
    const tag = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
    await givenDirectPractice(t.db, practiceId, domain, `clinic${tag}@${domain}`);
    maria = await givenUser(t.db, practiceId, {
      username: `maria${tag}`,
      firstName: 'Maria',
      lastName: 'Lopez',
    });
    bob = await givenUser(t.db, practiceId, { username: `bob${tag}`, firstName: 'Bob', lastName: 'Hale' });
    family = await givenFamily(t.db, practiceId);
    mariaAddress = `maria${tag}@${domain}`;
    bobAddress = `bob${tag}@${domain}`;
    emmaAddress = `emma${tag}@${domain}`;
    for (const [id, address] of [
      [maria.patientId, mariaAddress],
      [bob.patientId, bobAddress],
      [family.minorId, emmaAddress],
    ] as const)
      await givenDirectAddress(t.db, id, address);
    app = await newApp();
    mariaToken = (await signIn(app, maria.username, maria.password)).accessToken;
    bobToken = (await signIn(app, bob.username, bob.password)).accessToken;
  });

  const post = (url: string, token: string, payload: object, server = app) =>
    server.inject({ method: 'POST', url: `/api/app/${url}`, headers: bearer(token), payload });
  const get = (url: string, token: string) =>
    app.inject({ method: 'GET', url: `/api/app/${url}`, headers: bearer(token) });
  const list = async (token: string, patientId: number, type = 'RECEIVED', extra: object = {}) => {
    const response = await post('patient/dermis/getMessages', token, {
      patientId,
      directMessageType: type,
      ...extra,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<GetMessagesResponse>();
  };
  const sendDirect = (token: string, info: object, server = app) =>
    post('directMessage/send', token, { directMessageInfo: info }, server);

  async function upload(
    token: string,
    patientId: number,
    name: string,
    bytes: Buffer,
    channel = 'directMessaging',
    server = app,
  ) {
    const urlResponse = await server.inject({
      method: 'GET',
      url: `/api/app/dms/url/${channel}/getUploadURL?patientId=${patientId}`,
      headers: bearer(token),
    });
    expect(urlResponse.statusCode, urlResponse.body).toBe(200);
    const { url, s3Id, maxBytes } = urlResponse.json<UploadUrlResponse>();
    expect(maxBytes).toBe(3_500_000);
    const put = await server.inject({
      method: 'PUT',
      url,
      headers: { 'content-type': 'application/octet-stream' },
      payload: bytes,
    });
    return { put, s3Id };
  }
  const addFile = (token: string, body: object, server = app) =>
    server.inject({ method: 'PUT', url: '/api/app/dms/file/add', headers: bearer(token), payload: body });
  /** Upload and register a file as Maria's attachment; answers the registered attachment. */
  async function attach(name: string, bytes: Buffer, channel = 'directMessaging') {
    const { s3Id } = await upload(mariaToken, maria.patientId, name, bytes, channel);
    const added = await addFile(mariaToken, {
      patientId: maria.patientId,
      visibleForPatient: false,
      name,
      size: bytes.length,
      mimeType: 'application/octet-stream',
      id: s3Id,
    });
    expect(added.statusCode, added.body).toBe(200);
    return { ...added.json<AddAttachmentResponse>(), s3Id };
  }

  it('delivers a Direct message locally: SENT for the sender, unread in the recipient’s INBOX', async () => {
    const sent = await sendDirect(mariaToken, {
      patientId: maria.patientId,
      fromPatientId: maria.patientId,
      to: bobAddress.toUpperCase(),
      subject: 'Lab results',
      content: 'Did you get yours?',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const copy = sent.json<DirectMessage>();
    expect(copy).toMatchObject({
      directMessageType: 'SENT',
      status: 'DELIVERED',
      from: mariaAddress,
      isDirect: true,
      mimeType: 'text/plain',
      sentByFullName: null,
    });

    expect((await list(mariaToken, maria.patientId, 'SENT')).messages.map((m) => m.subject)).toEqual([
      'Lab results',
    ]);
    const inbox = await list(bobToken, bob.patientId);
    expect(inbox).toMatchObject({ directMessageType: 'RECEIVED', noOfUnread: 1, totalCount: 1 });
    expect(inbox.messages[0]).toMatchObject({
      from: mariaAddress,
      messageWasRead: false,
      subject: 'Lab results',
    });

    const id = inbox.messages[0]!.id;
    const one = await get(`directMessage/getById/_rid/${id}`, bobToken);
    expect(one.json<DirectMessage>()).toMatchObject({
      content: 'Did you get yours?',
      to: bobAddress.toUpperCase(),
    });
    const count = await get(`directMessage/getUnreadCount/_rid/${bob.patientId}`, bobToken);
    expect(count.json()).toEqual({ patientId: bob.patientId, noOfUnread: 1 });

    const read = await post('directMessage/markAsRead', bobToken, { id, isRead: true });
    expect(read.json()).toEqual({ id, messageWasRead: true, noOfUnread: 0 });
    const unread = await post('directMessage/markAsRead', bobToken, { id, isRead: false });
    expect(unread.json()).toEqual({ id, messageWasRead: false, noOfUnread: 1 });

    // Another patient's message, list or count: 403.
    expect((await get(`directMessage/getById/_rid/${id}`, mariaToken)).statusCode).toBe(403);
    expect((await post('directMessage/markAsRead', mariaToken, { id, isRead: true })).statusCode).toBe(403);
    expect(
      (await post('patient/dermis/getMessages', mariaToken, { patientId: bob.patientId })).statusCode,
    ).toBe(403);
    // An id that does not exist is refused the same way (ids cannot be probed).
    expect((await get('directMessage/getById/_rid/2147483000', bobToken)).statusCode).toBe(403);
  });

  it('counts every send against the daily limit: the third of two allowed answers 429', async () => {
    const limited = await newApp({ sendLimitPerAccount: 2 });
    const token = (await signIn(limited, maria.username, maria.password)).accessToken;
    const message = {
      patientId: maria.patientId,
      fromPatientId: maria.patientId,
      to: bobAddress,
      content: 'Hi',
    };
    expect((await sendDirect(token, { ...message, subject: 'One' }, limited)).statusCode).toBe(200);
    const email = await post(
      'patient/email/send',
      token,
      {
        patientEmailInfo: {
          patientId: maria.patientId,
          to: 'someone@example.org',
          subject: 'Two',
          content: 'Hi',
        },
      },
      limited,
    );
    expect(email.statusCode, email.body).toBe(200);
    const third = await sendDirect(token, { ...message, subject: 'Three' }, limited);
    expect(third.statusCode).toBe(429);
    expect(third.json()).toMatchObject({
      message: 'You have reached your daily message limit (2). Please try again tomorrow.',
    });
    expect((await list(mariaToken, maria.patientId, 'SENT')).messages.map((m) => m.subject)).toEqual([
      'Two',
      'One',
    ]);
  });

  it('lists newest first, paged, with the inbox as the default', async () => {
    for (const n of [1, 2, 3])
      expect(
        (await sendDirect(mariaToken, { patientId: maria.patientId, to: bobAddress, subject: `n${n}` }))
          .statusCode,
      ).toBe(200);
    const first = await post('patient/dermis/getMessages', bobToken, {
      patientId: bob.patientId,
      pageSize: 2,
    });
    expect(first.json<GetMessagesResponse>()).toMatchObject({
      directMessageType: 'RECEIVED',
      totalCount: 3,
      page: 0,
      pageSize: 2,
    });
    expect(first.json<GetMessagesResponse>().messages.map((m) => m.subject)).toEqual(['n3', 'n2']);
    const second = await list(bobToken, bob.patientId, 'RECEIVED', { page: 1, pageSize: 2 });
    expect(second.messages.map((m) => m.subject)).toEqual(['n1']);
    expect((await list(bobToken, bob.patientId, 'FAILED')).messages).toEqual([]);
  });

  it('answers bad input with a clear 400 in the spec’s words', async () => {
    const base = { patientId: maria.patientId, to: bobAddress, subject: 'Hi' };
    const cases: [object, string][] = [
      [{ ...base, to: 'not-an-address' }, 'Address not valid'],
      [{ ...base, to: 'a@b.toolong' }, 'Address not valid'],
      [{ ...base, subject: '  ' }, 'Subject is required'],
      [{ ...base, to: `nobody@${domain}` }, `There is no Direct address nobody@${domain} at this practice.`],
      [{ ...base, attachments: [2147483000] }, 'This attachment is not ready to be sent; add it again.'],
      [{ ...base, fromPatientId: bob.patientId }, ''],
    ];
    for (const [info, text] of cases) {
      const response = await sendDirect(mariaToken, info);
      expect(response.statusCode, JSON.stringify(info)).toBe(400);
      if (text) expect(response.body).toContain(text);
    }
    for (const body of [
      { patientId: maria.patientId, directMessageType: 'INBOX' },
      { patientId: maria.patientId, pageSize: 0 },
      { patientId: maria.patientId, pageSize: 201 },
    ])
      expect(
        (await post('patient/dermis/getMessages', mariaToken, body)).statusCode,
        JSON.stringify(body),
      ).toBe(400);
    expect((await post('directMessage/markAsRead', mariaToken, { id: 'x' })).statusCode).toBe(400);
    expect((await get('directMessage/getById/_rid/abc', mariaToken)).statusCode).toBe(400);
    // The guard runs before validation: a patient id that names nobody is refused like a stranger's.
    expect((await post('patient/dermis/getMessages', mariaToken, { patientId: 'x' })).statusCode).toBe(403);
    expect((await get('dms/url/directMessaging/getUploadURL', mariaToken)).statusCode).toBe(403);
    // Without a Direct address (or with the service off) only e-mail is available.
    await t.db.update(patient).set({ directServiceEnabled: false }).where(eq(patient.id, maria.patientId));
    const off = await sendDirect(mariaToken, base);
    expect(off.statusCode).toBe(400);
    expect(off.body).toContain('Direct messaging is not available for this account');
  });

  it('hands other domains to the transport: FAILED with the reason by default, SENT when it accepts', async () => {
    const refused = await sendDirect(mariaToken, {
      patientId: maria.patientId,
      to: 'dr.who@hisp.example.org',
      subject: 'Referral',
    });
    expect(refused.statusCode).toBe(200);
    expect(refused.json<DirectMessage>()).toMatchObject({
      directMessageType: 'FAILED',
      status: 'FAILED',
      failureReason: outboundNotConfiguredReason,
    });
    expect((await list(mariaToken, maria.patientId, 'FAILED')).messages).toHaveLength(1);
    expect((await list(mariaToken, maria.patientId, 'SENT')).messages).toHaveLength(0);

    const handed: OutboundMessage[] = [];
    const accepting: MessageTransport = {
      deliver: async (message) => {
        handed.push(message);
        expect((await message.attachments[0]?.read())?.equals(pdf)).toBe(true);
        return { status: 'SENT' };
      },
    };
    const withTransport = await buildApp(testConfig(), {
      database: t.database,
      counters: new MemoryCounterStore(),
      messageTransport: accepting,
    });
    try {
      const token = (await signIn(withTransport, maria.username, maria.password)).accessToken;
      // The upload goes through the app whose blob store the transport reads.
      const { s3Id } = await upload(
        token,
        maria.patientId,
        'note.pdf',
        pdf,
        'directMessaging',
        withTransport,
      );
      const added = await addFile(
        token,
        {
          patientId: maria.patientId,
          visibleForPatient: false,
          name: 'note.pdf',
          size: pdf.length,
          mimeType: 'application/pdf',
          id: s3Id,
        },
        withTransport,
      );
      const attachmentId = added.json<AddAttachmentResponse>().id;
      const sent = await sendDirect(
        token,
        {
          patientId: maria.patientId,
          to: 'dr.who@hisp.example.org',
          subject: 'Referral',
          attachments: [attachmentId],
        },
        withTransport,
      );
      expect(sent.json<DirectMessage>()).toMatchObject({ directMessageType: 'SENT', status: 'SENT' });
      expect(handed[0]).toMatchObject({
        isDirect: true,
        from: mariaAddress,
        to: 'dr.who@hisp.example.org',
        subject: 'Referral',
      });
      // An attachment is sent once.
      const again = await sendDirect(
        token,
        { patientId: maria.patientId, to: bobAddress, subject: 'x', attachments: [attachmentId] },
        withTransport,
      );
      expect(again.statusCode).toBe(400);
    } finally {
      await withTransport.close();
    }
  });

  it('sends an e-mail through the transport and records the result', async () => {
    const sent = await post('patient/email/send', mariaToken, {
      patientEmailInfo: {
        patientId: maria.patientId,
        to: 'friend@example.com',
        subject: 'Hello',
        content: 'Hi',
        includeAttachments: false,
      },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    // The default transport is the real one: e-mail leaves through the mail adapter (the outbox here).
    expect(sent.json<DirectMessage>()).toMatchObject({
      isDirect: false,
      directMessageType: 'SENT',
      from: mariaAddress,
    });
    const bad = await post('patient/email/send', mariaToken, {
      patientEmailInfo: { patientId: maria.patientId, to: 'friend', subject: 'x' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Address not valid');
    expect(
      (
        await post('patient/email/send', bobToken, {
          patientEmailInfo: { patientId: maria.patientId, to: 'a@b.com', subject: 'x' },
        })
      ).statusCode,
    ).toBe(403);
  });

  it('takes an attachment by upload URL, checks it by content, and serves it through a signed link', async () => {
    const { put, s3Id } = await upload(mariaToken, maria.patientId, 'scan.pdf', pdf);
    expect(put.statusCode, put.body).toBe(204);
    const meta = {
      patientId: maria.patientId,
      visibleForPatient: false,
      name: 'scan.pdf',
      size: pdf.length,
      mimeType: 'application/pdf',
      id: s3Id,
    };
    expect((await addFile(bobToken, meta)).statusCode).toBe(403);
    const added = await addFile(mariaToken, meta);
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json<AddAttachmentResponse>()).toMatchObject({
      name: 'scan.pdf',
      mimeType: 'application/pdf',
      size: pdf.length,
      channel: 'DIRECT_MESSAGING',
    });
    // Registered once only.
    expect((await addFile(mariaToken, meta)).statusCode).toBe(400);

    const sent = await sendDirect(mariaToken, {
      patientId: maria.patientId,
      to: bobAddress,
      subject: 'Scan',
      attachments: [added.json<AddAttachmentResponse>().id],
    });
    expect(sent.json<DirectMessage>().attachments).toHaveLength(1);
    const received = (await list(bobToken, bob.patientId)).messages[0]!;
    const attachment = received.attachments[0]!;
    expect(attachment).toMatchObject({ name: 'scan.pdf', mimeType: 'application/pdf' });

    expect((await get(`directMessage/getAttachment/_rid/${attachment.id}`, mariaToken)).statusCode).toBe(403);
    const link = await get(`directMessage/getAttachment/_rid/${attachment.id}`, bobToken);
    expect(link.statusCode).toBe(200);
    const { contentUrl, name } = link.json<{ contentUrl: string; name: string }>();
    expect(name).toBe('scan.pdf');
    const download = await app.inject({ method: 'GET', url: contentUrl });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(pdf)).toBe(true);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect((await get(`patient/email/getAttachment/_rid/${attachment.id}`, bobToken)).statusCode).toBe(200);
    // A tampered link is refused.
    expect((await app.inject({ method: 'GET', url: `${contentUrl}x` })).statusCode).toBe(404);
  });

  it('takes the bytes of an upload address once, so a sent attachment cannot be swapped afterwards', async () => {
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(32),
    ]);
    const urlResponse = await get(
      `dms/url/directMessaging/getUploadURL?patientId=${maria.patientId}`,
      mariaToken,
    );
    const { url, s3Id } = urlResponse.json<UploadUrlResponse>();
    const putBytes = (bytes: Buffer) =>
      app.inject({
        method: 'PUT',
        url,
        headers: { 'content-type': 'application/octet-stream' },
        payload: bytes,
      });
    expect((await putBytes(png)).statusCode).toBe(204);
    const added = await addFile(mariaToken, {
      patientId: maria.patientId,
      visibleForPatient: false,
      name: 'photo.png',
      size: png.length,
      mimeType: 'image/png',
      id: s3Id,
    });
    expect(added.statusCode, added.body).toBe(200);
    const sent = await sendDirect(mariaToken, {
      patientId: maria.patientId,
      to: bobAddress,
      subject: 'Photo',
      attachments: [added.json<AddAttachmentResponse>().id],
    });
    expect(sent.statusCode, sent.body).toBe(200);

    // The same address, still unexpired, with other bytes of an allowed type.
    const swap = await putBytes(pdf);
    expect(swap.statusCode).toBe(400);
    expect(swap.body).toContain('This upload address has already been used. Please upload the file again.');
    const attachment = (await list(bobToken, bob.patientId)).messages[0]!.attachments[0]!;
    const link = await get(`directMessage/getAttachment/_rid/${attachment.id}`, bobToken);
    const download = await app.inject({ method: 'GET', url: link.json<{ contentUrl: string }>().contentUrl });
    expect(download.rawPayload.equals(png)).toBe(true);
    expect(download.headers['content-type']).toBe('image/png');
  });

  it('forwards a message with its attachments, copied for the patient and sent like uploads', async () => {
    const original = await deliverToInbox(app, {
      patientId: maria.patientId,
      from: 'lab@direct.hospital.org',
      to: mariaAddress,
      subject: 'Results',
      content: 'Attached.',
      mimeType: 'text/plain',
      isDirect: true,
      attachments: [{ name: 'results.pdf', bytes: pdf }],
    });
    const forward = (token: string, patientId: number, messageId = original.id) =>
      post('directMessage/forwardAttachments', token, { patientId, messageId, channel: 'DIRECT_MESSAGING' });
    // Another patient naming Maria's message, with their own id or hers, gets nothing.
    expect((await forward(bobToken, bob.patientId)).statusCode).toBe(403);
    expect((await forward(bobToken, maria.patientId)).statusCode).toBe(403);
    expect((await forward(mariaToken, maria.patientId, 999_999)).statusCode).toBe(403);

    const copied = await forward(mariaToken, maria.patientId);
    expect(copied.statusCode, copied.body).toBe(200);
    const [file, ...more] = copied.json<{ attachments: AddAttachmentResponse[] }>().attachments;
    expect(more).toEqual([]);
    expect(file).toMatchObject({
      name: 'results.pdf',
      mimeType: 'application/pdf',
      channel: 'DIRECT_MESSAGING',
    });
    const originalFileId = (await list(mariaToken, maria.patientId)).messages[0]!.attachments[0]!.id;
    expect(file!.id).not.toBe(originalFileId);

    const sent = await sendDirect(mariaToken, {
      patientId: maria.patientId,
      to: bobAddress,
      subject: 'Fwd: Results',
      attachments: [file!.id],
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const received = (await list(bobToken, bob.patientId)).messages[0]!;
    expect(received.attachments.map((a) => a.name)).toEqual(['results.pdf']);
    const link = await get(`directMessage/getAttachment/_rid/${received.attachments[0]!.id}`, bobToken);
    const download = await app.inject({ method: 'GET', url: link.json<{ contentUrl: string }>().contentUrl });
    expect(download.rawPayload.equals(pdf)).toBe(true);
    // The original keeps its own file.
    const mine = await get(`directMessage/getAttachment/_rid/${originalFileId}`, mariaToken);
    expect(mine.statusCode).toBe(200);
  });

  it('drops attachments never sent after a day on the servers’ schedule, once across instances', async () => {
    const stale = await attach('old.pdf', pdf);
    const fresh = await attach('new.pdf', pdf);
    const sentFile = await attach('sent.pdf', pdf);
    await sendDirect(mariaToken, {
      patientId: maria.patientId,
      to: bobAddress,
      subject: 'Sent long ago',
      attachments: [sentFile.id],
    });
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
    for (const id of [stale.id, sentFile.id])
      await t.db
        .update(directMessageAttachment)
        .set({ createdAt: twoDaysAgo })
        .where(eq(directMessageAttachment.id, id));

    // The job every server instance polls for (server.ts), not a function nobody calls.
    const job = scheduledJobs({
      db: t.db,
      mailer: app.mailer,
      blobs: app.blobs,
      config: app.config,
      logger: app.log,
    }).find((j) => j.name === staleAttachmentJobName);
    expect(job).toBeDefined();
    const outcomes = await Promise.all([
      runJobIfDue(t.db, job!, 'instance-a'),
      runJobIfDue(t.db, job!, 'instance-b'),
    ]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(['RAN', 'SKIPPED']);

    const left = await t.db.select({ id: directMessageAttachment.id }).from(directMessageAttachment);
    expect(left.map((r) => r.id)).not.toContain(stale.id);
    expect(left.map((r) => r.id)).toContain(fresh.id);
    expect(await app.blobs.get(blobKey('messages', stale.s3Id))).toBeNull();
    expect(await app.blobs.get(blobKey('messages', fresh.s3Id))).not.toBeNull();
    // The sent file stays with its message (and the recipient's copy over the same blob).
    expect(await app.blobs.get(blobKey('messages', sentFile.s3Id))).not.toBeNull();
    const bobsCopy = (await list(bobToken, bob.patientId)).messages[0]!;
    expect(bobsCopy.attachments.map((a) => a.name)).toEqual(['sent.pdf']);
    // Not due again within the hour, whichever instance asks.
    expect(await runJobIfDue(t.db, job!, 'instance-c')).toEqual({ status: 'SKIPPED' });
  });

  it('refuses a disguised executable, a file whose content is not its type, and an oversized file', async () => {
    const disguised = await upload(mariaToken, maria.patientId, 'results.pdf', exe);
    expect(disguised.put.statusCode).toBe(400);
    const addExe = await addFile(mariaToken, {
      patientId: maria.patientId,
      visibleForPatient: false,
      name: 'results.pdf',
      size: exe.length,
      mimeType: 'application/pdf',
      id: disguised.s3Id,
    });
    expect(addExe.statusCode).toBe(400);

    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(32),
    ]);
    const renamed = await upload(mariaToken, maria.patientId, 'letter.pdf', png);
    expect(renamed.put.statusCode).toBe(204);
    const mismatch = await addFile(mariaToken, {
      patientId: maria.patientId,
      visibleForPatient: false,
      name: 'letter.pdf',
      size: png.length,
      mimeType: 'application/pdf',
      id: renamed.s3Id,
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.body).toContain('The content of letter.pdf is not an allowed type of file.');

    const tooBig = await addFile(mariaToken, {
      patientId: maria.patientId,
      visibleForPatient: false,
      name: 'big.pdf',
      size: 3_500_001,
      mimeType: 'application/pdf',
      id: 'a'.repeat(32),
    });
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.body).toContain('is larger than 3.5 MB');
    const badType = await addFile(mariaToken, {
      patientId: maria.patientId,
      visibleForPatient: false,
      name: 'tool.exe',
      size: 10,
      mimeType: 'application/octet-stream',
      id: 'a'.repeat(32),
    });
    expect(badType.statusCode).toBe(400);
    const oversizeBytes = Buffer.concat([pdf, Buffer.alloc(3_500_001 - pdf.length, 0x20)]);
    const over = await upload(mariaToken, maria.patientId, 'big.pdf', oversizeBytes);
    expect(over.put.statusCode).toBe(400);
    expect(over.put.body).toContain('is larger than 3.5 MB');
  });

  it('refuses a file name with direction controls, and answers the type a name like evil.exe.png was checked as', async () => {
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(32),
    ]);
    const reversed = await upload(mariaToken, maria.patientId, 'photo\u202Eexe.png', png);
    expect(reversed.put.statusCode).toBe(204);
    const meta = {
      patientId: maria.patientId,
      visibleForPatient: false,
      size: png.length,
      mimeType: 'image/png',
      id: reversed.s3Id,
    };
    for (const name of ['photo\u202Eexe.png', 'scan\u2067gnp\u2069.png', 'x\u200Fy.png']) {
      const refused = await addFile(mariaToken, { ...meta, name });
      expect(refused.statusCode, name).toBe(400);
      expect(refused.body).toContain(
        'A file name cannot contain characters that change the direction of text; rename the file and add it again.',
      );
    }
    const spanish = await app.inject({
      method: 'PUT',
      url: '/api/app/dms/file/add',
      headers: { ...bearer(mariaToken), 'accept-language': 'es' },
      payload: { ...meta, name: 'photo\u202Eexe.png' },
    });
    expect(spanish.body).toContain('El nombre de un archivo no puede contener caracteres que cambian');

    // The refusal lost nothing: the same upload registers under an honest name, as the type it is.
    const honest = await addFile(mariaToken, { ...meta, name: 'evil.exe.png' });
    expect(honest.statusCode, honest.body).toBe(200);
    expect(honest.json<AddAttachmentResponse>()).toMatchObject({
      name: 'evil.exe.png',
      mimeType: 'image/png',
    });

    // The clinic's messages to a patient are held to the same rule.
    const [row] = await t.db.select().from(patient).where(eq(patient.id, maria.patientId));
    const fromClinic = await app.inject({
      method: 'POST',
      url: `/api/integration/patients/${row!.externalId}/direct-messages`,
      headers: { 'x-api-key': apiKey },
      payload: {
        subject: 'Your photo',
        content: 'Attached.',
        fromName: 'Dr. Lee',
        attachments: [{ name: 'photo\u202Eexe.png', contentBase64: png.toString('base64') }],
      },
    });
    expect(fromClinic.statusCode).toBe(400);
    expect(fromClinic.body).toContain('cannot contain characters that change the direction of text');
  });

  it('lets a responsible person read and send for the minor, the send recorded as theirs', async () => {
    const daniel = (await signIn(app, family.guardian.username, family.guardian.password)).accessToken;
    const sent = await sendDirect(daniel, {
      patientId: family.minorId,
      to: bobAddress,
      subject: 'Emma’s appointment',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json<DirectMessage>()).toMatchObject({
      from: emmaAddress,
      sentByFullName: 'Daniel Reed',
      patientId: family.minorId,
    });
    const [row] = await t.db
      .select()
      .from(directMessage)
      .where(eq(directMessage.id, sent.json<DirectMessage>().id));
    expect(row!.sentByUserId).toBe(family.guardian.userId);
    expect((await list(daniel, family.minorId, 'SENT')).messages).toHaveLength(1);
    const eve = (await signIn(app, family.stranger.username, family.stranger.password)).accessToken;
    expect((await post('patient/dermis/getMessages', eve, { patientId: family.minorId })).statusCode).toBe(
      403,
    );
    expect(
      (await sendDirect(eve, { patientId: family.minorId, to: bobAddress, subject: 'x' })).statusCode,
    ).toBe(403);
  });

  it('lets the clinic write to a patient (with the e-mail notice, unless unsubscribed) and read messages to the clinic', async () => {
    await t.db
      .insert(patientContact)
      .values({ patientId: maria.patientId, type: 'EMAIL_ADDRESS', value: 'maria@example.org' });
    const [row] = await t.db.select().from(patient).where(eq(patient.id, maria.patientId));
    const send = (body: object, key = apiKey, externalId = row!.externalId) =>
      app.inject({
        method: 'POST',
        url: `/api/integration/patients/${externalId}/direct-messages`,
        headers: { 'x-api-key': key },
        payload: body,
      });
    const message = {
      subject: 'Your biopsy results',
      content: 'Results are in.',
      fromName: 'Dr. Olivia Bennett',
      attachments: [{ name: 'results.pdf', contentBase64: pdf.toString('base64') }],
    };
    const created = await send(message);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ patientId: maria.patientId, to: mariaAddress, notified: true });
    const inbox = await list(mariaToken, maria.patientId);
    expect(inbox.messages[0]).toMatchObject({
      subject: 'Your biopsy results',
      sentByFullName: 'Dr. Olivia Bennett',
      messageWasRead: false,
    });
    expect(inbox.messages[0]!.attachments[0]).toMatchObject({
      name: 'results.pdf',
      mimeType: 'application/pdf',
    });
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'maria@example.org'));
    expect(mails.map((m) => m.subject)).toContain('Test Practice: You have a new message');
    expect(mails.every((m) => !m.textBody.includes('biopsy'))).toBe(true);

    await t.db.insert(emailPreference).values({ patientId: maria.patientId, type: 4 });
    const quiet = await send({ ...message, attachments: [] });
    expect(quiet.json()).toMatchObject({ notified: false });
    expect(
      (await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'maria@example.org'))).length,
    ).toBe(mails.length);

    expect(
      (await send({ ...message, attachments: [{ name: 'x.pdf', contentBase64: exe.toString('base64') }] }))
        .statusCode,
    ).toBe(400);
    expect((await send({ ...message, subject: '' })).statusCode).toBe(400);
    expect((await send(message, apiKey, 'no-such-patient')).statusCode).toBe(404);
    expect((await send(message, 'wrong-key')).statusCode).toBe(401);

    // Maria writes to the clinic; the clinic reads it through its cursor.
    const [p] = await t.db.select().from(practice).where(eq(practice.id, practiceId));
    const toClinic = await sendDirect(mariaToken, {
      patientId: maria.patientId,
      to: p!.directAddress!,
      subject: 'Question',
      content: 'Can I come earlier?',
    });
    expect(toClinic.json<DirectMessage>()).toMatchObject({ status: 'DELIVERED', directMessageType: 'SENT' });
    const feed = await app.inject({
      method: 'GET',
      url: '/api/integration/direct-messages?afterId=0',
      headers: { 'x-api-key': apiKey },
    });
    expect(feed.statusCode, feed.body).toBe(200);
    const body = feed.json<{ messages: { subject: string; patientExternalId: string }[]; lastId: number }>();
    expect(body.messages).toEqual([
      expect.objectContaining({
        subject: 'Question',
        patientExternalId: row!.externalId,
        content: 'Can I come earlier?',
      }),
    ]);
    const next = await app.inject({
      method: 'GET',
      url: `/api/integration/direct-messages?afterId=${body.lastId}`,
      headers: { 'x-api-key': apiKey },
    });
    expect(next.json()).toEqual({ messages: [], lastId: body.lastId });
    expect(
      (
        await app.inject({
          method: 'GET',
          url: '/api/integration/direct-messages?limit=0',
          headers: { 'x-api-key': apiKey },
        })
      ).statusCode,
    ).toBe(400);
    // Another practice sees none of it.
    const other = await givenPracticeWithKey(t.db, 'Other');
    const otherFeed = await app.inject({
      method: 'GET',
      url: '/api/integration/direct-messages',
      headers: { 'x-api-key': other.apiKey },
    });
    expect(otherFeed.json()).toMatchObject({ messages: [] });
  });
});
