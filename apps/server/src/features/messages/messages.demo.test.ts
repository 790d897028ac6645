/** The demo practice's messages, read through the API as Maria and as Daniel for Emma. */
import type { DirectMessage, GetMessagesResponse } from '@dermis/contract';
import { expect, it } from 'vitest';
import type { DemoContext } from '../../demo/seed';
import { useTestApp } from '../../test/app';
import { describeEachDatabase } from '../../test/database';
import { bearer, givenFamily, givenPractice, givenUser, signIn } from '../../test/fixtures';
import { demoAddresses, ensureDemoMessageBlobs, seedMessages } from './messages.demo';

describeEachDatabase('demo messages', (t) => {
  const newApp = useTestApp(t);

  it('gives Maria read and unread messages (one with a PDF), a sent and a failed one, and Emma two', async () => {
    const practiceId = await givenPractice(t.db);
    const maria = await givenUser(t.db, practiceId, { username: `mariademo${Date.now()}` });
    const family = await givenFamily(t.db, practiceId);
    const demo: DemoContext = {
      practiceId,
      clinicId: 0,
      providerIds: [],
      patients: {
        maria: maria.patientId,
        samuel: 0,
        daniel: family.guardian.patientId,
        emma: family.minorId,
        carlos: 0,
      },
      users: { maria: maria.userId, samuel: 0, daniel: family.guardian.userId },
    };
    await t.db.transaction((tx) => seedMessages(tx, demo));
    const app = await newApp();
    // The attachment's bytes are written once (the app's onReady hook calls the same on start).
    expect(await ensureDemoMessageBlobs(app.db, app.blobs)).toBe(true);
    expect(await ensureDemoMessageBlobs(app.db, app.blobs)).toBe(false);
    const token = (await signIn(app, maria.username, maria.password)).accessToken;
    const list = async (auth: string, patientId: number, directMessageType: string) => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/app/patient/dermis/getMessages',
        headers: bearer(auth),
        payload: { patientId, directMessageType },
      });
      return response.json<GetMessagesResponse>();
    };

    const inbox = await list(token, maria.patientId, 'RECEIVED');
    expect(inbox.noOfUnread).toBe(2);
    expect(inbox.messages.map((m) => m.messageWasRead)).toEqual([false, false, true, true]);
    expect(new Date(inbox.messages.at(-1)!.dateSent).getFullYear()).toBeLessThan(new Date().getFullYear());
    const withFile = inbox.messages.find((m) => m.attachments.length > 0)!;
    const link = await app.inject({
      method: 'GET',
      url: `/api/app/directMessage/getAttachment/_rid/${withFile.attachments[0]!.id}`,
      headers: bearer(token),
    });
    const pdf = await app.inject({ method: 'GET', url: link.json<{ contentUrl: string }>().contentUrl });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect((await list(token, maria.patientId, 'SENT')).messages).toHaveLength(1);
    const failed = (await list(token, maria.patientId, 'FAILED')).messages;
    expect(failed).toHaveLength(1);
    expect(failed[0]!.failureReason).toBeTruthy();

    const daniel = (await signIn(app, family.guardian.username, family.guardian.password)).accessToken;
    expect((await list(daniel, family.minorId, 'RECEIVED')).noOfUnread).toBe(1);
    const sent = (await list(daniel, family.minorId, 'SENT')).messages;
    expect(sent[0]).toMatchObject({ from: demoAddresses.emma, sentByFullName: 'Daniel Reed' });
    const one = await app.inject({
      method: 'GET',
      url: `/api/app/directMessage/getById/_rid/${sent[0]!.id}`,
      headers: bearer(daniel),
    });
    expect(one.json<DirectMessage>().content).toContain('Daniel Reed');
  });
});
