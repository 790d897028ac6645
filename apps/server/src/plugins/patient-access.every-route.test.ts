/**
 * The security model's promise, checked over the whole app: no call lets a signed-in patient read or
 * write another patient's data. Calls that carry a patient id in the path are found in the route
 * table, so a new one cannot be added without passing through here; calls that carry it in the body
 * are listed. A stranger gets 403 from every one, and the same calls succeed for the patient's
 * active responsible person, so the 403 comes from the guard and not from a broken request.
 */
import { beforeEach, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { auditEvent, clinicalNote, directMessageAttachment } from '../db/schema';
import { deliverToInbox } from '../features/messages/messages.received';
import { signaturePng } from '../test/png';
import { describeEachDatabase } from '../test/database';
import { useTestApp } from '../test/app';
import { givenOwnedItems } from '../test/owned-items';
import {
  bearer,
  givenPractice,
  givenResponsiblePerson,
  givenUser,
  signIn,
  type UserFixture,
} from '../test/fixtures';

const patientIdParams = /:(id|patientId|responsibleId|profileId)\b/;

/**
 * Patient-scoped calls whose patient (or account) is named in the body, among the calls not yet
 * described in the contract (register-call.every-route.test.ts checks every described one).
 */
const bodyScoped = (victim: UserFixture) => [
  // Named by username, not by id: the registry's test cannot name its patient.
  { method: 'POST', url: '/api/app/patient/getByUsername', payload: { username: victim.username } },
  {
    method: 'POST',
    url: '/api/app/mfa/userProfiles/add',
    payload: { type: 'EMAIL', value: 'x@example.org', userId: victim.userId, preferred: true },
  },
  // Complete-record viewer; a responsible person's success is in clinical-documents.test.ts.
  {
    method: 'POST',
    url: '/api/app/patient/viewCCDADocument',
    payload: { encounterId: 1, patientId: victim.patientId },
  },
  ...healthInfoBodyScoped(victim),
  // Read state of a result; a responsible person's success is in clinical-record.test.ts.
  {
    method: 'POST',
    url: '/api/app/patient/healthInfo/results/markRead',
    payload: { patientId: victim.patientId, resultId: 1 },
  },
  { method: 'GET', url: `/api/app/patient/fhir/getInviteCode?patientId=${victim.patientId}` },
  ...messagesBodyScoped(victim),
  ...transmitBodyScoped(victim),
];

/** Messages: the patient in the body or query; successes are in features/messages/messages.test.ts. */
const messagesBodyScoped = (victim: UserFixture) => [
  { method: 'POST', url: '/api/app/patient/dermis/getMessages', payload: { patientId: victim.patientId } },
  {
    method: 'POST',
    url: '/api/app/directMessage/send',
    payload: { directMessageInfo: { patientId: victim.patientId, to: 'a@example.org', subject: 'x' } },
  },
  {
    method: 'POST',
    url: '/api/app/patient/email/send',
    payload: { patientEmailInfo: { patientId: victim.patientId, to: 'a@example.org', subject: 'x' } },
  },
  { method: 'GET', url: `/api/app/dms/url/directMessaging/getUploadURL?patientId=${victim.patientId}` },
  { method: 'GET', url: `/api/app/dms/url/patientEmail/getUploadURL?patientId=${victim.patientId}` },
  {
    method: 'PUT',
    url: '/api/app/dms/file/add',
    payload: {
      patientId: victim.patientId,
      visibleForPatient: false,
      name: 'a.pdf',
      size: 10,
      mimeType: 'application/pdf',
      id: 'a'.repeat(32),
    },
  },
  {
    method: 'POST',
    url: '/api/app/directMessage/forwardAttachments',
    payload: { patientId: victim.patientId, messageId: 1, channel: 'DIRECT_MESSAGING' },
  },
];

/**
 * Transmit of the health summary: the patient in the body; a responsible person's
 * success is in features/message-transport/message-transport.test.ts.
 */
const transmitBodyScoped = (victim: UserFixture) => [
  {
    method: 'POST',
    url: '/api/app/directMessage/sendByFilter',
    payload: {
      patientId: victim.patientId,
      directMessageInfo: { patientId: victim.patientId, to: 'a@example.org', subject: 'x' },
      ccdaAttachmentName: 'Victim_Person_Health_Summary.zip',
    },
  },
  {
    method: 'POST',
    url: '/api/app/patient/email/sendByFilter',
    payload: {
      patientId: victim.patientId,
      patientEmailInfo: { patientId: victim.patientId, to: 'a@example.org', subject: 'x' },
      ccdaAttachmentName: 'Victim_Person_Health_Summary.zip',
    },
  },
];

/** Health information export: the patient in the body. */
const healthInfoBodyScoped = (victim: UserFixture) => [
  {
    method: 'POST',
    url: '/api/app/patient/exportCCDAByFilter',
    payload: { patientId: victim.patientId, action: 'VIEW' },
  },
];

/**
 * Appointments and consents: the consent and encounter calls name a consent or encounter of
 * the victim; a responsible person's signing is in features/consents/consents.test.ts.
 */
interface VictimVisit {
  encounterId: number;
  consentId: number;
}
const appointmentBodyScoped = (visit: VictimVisit) => [
  { method: 'POST', url: '/api/app/consent/getUnsigned', payload: { encounterId: visit.encounterId } },
  {
    method: 'POST',
    url: '/api/app/consent/getById',
    payload: { consentId: visit.consentId, encounterId: visit.encounterId },
  },
];
const appointmentWrites = (visit: VictimVisit) => [
  {
    method: 'POST',
    url: '/api/app/consent/update',
    payload: {
      consent: {
        id: visit.consentId,
        encounterId: visit.encounterId,
        consentProfileInfo: { version: 1 },
        status: 'PENDING',
        cosigners: [{ type: 'PATIENT_OR_LEGAL_GUARDIAN', signature: signaturePng().toString('base64') }],
      },
    },
  },
  {
    method: 'POST',
    url: '/api/app/encounter/setHistoryFinished',
    payload: { encounterId: visit.encounterId, historyFinished: true },
  },
];

describeEachDatabase('the patient-access guard on every call', (t) => {
  const newApp = useTestApp(t);
  let app: FastifyInstance;
  let victim: UserFixture;
  let stranger: UserFixture;
  let visit: VictimVisit;
  /** The victim's own items a path names beside the patient (`:noteId`), so a read call finds one. */
  let otherParams: Record<string, number>;

  beforeEach(async () => {
    app = await newApp();
    const practiceId = await givenPractice(t.db);
    victim = await givenUser(t.db, practiceId, { username: `victim${Date.now()}` });
    stranger = await givenUser(t.db, practiceId, { username: `stranger${Date.now()}` });
    const items = await givenOwnedItems(app, practiceId, victim.patientId);
    visit = { encounterId: items.encounter, consentId: items.consent };
    const [note] = await t.db
      .insert(clinicalNote)
      .values({
        practiceId,
        patientId: victim.patientId,
        externalId: 'VICTIM-NOTE',
        noteTypeCode: '11506-3',
        noteTypeName: 'Progress note',
        title: 'Follow-up',
        authoredAt: new Date(),
        text: 'Well.',
        authorName: 'Olivia Bennett, MD',
        authorOrganization: 'Sunshine Dermatology',
        recordedAt: new Date(),
      })
      .returning({ id: clinicalNote.id });
    otherParams = { noteId: note!.id };
  });

  /** A path-scoped route's address naming the victim, and the victim's own item for any other id. */
  const victimUrl = (url: string) =>
    url
      .replace(patientIdParams, String(victim.patientId))
      .replace(/:(\w+)/g, (whole, name: string) => String(otherParams[name] ?? whole));

  function pathScopedRoutes() {
    return app.routeTable.filter(
      (r) => r.url.startsWith('/api/app/') && patientIdParams.test(r.url) && r.method !== 'HEAD',
    );
  }

  it('knows the path-scoped calls it checks', () => {
    expect(pathScopedRoutes().map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining([
        'GET /api/app/patient/getDermisPatientById/_rid/:id',
        'GET /api/app/patient/activityLog/_rid/:id',
        'GET /api/app/patient/responsiblePersons/_rid/:id',
      ]),
    );
  });

  it('refuses a stranger on every patient-scoped call, and audits it', async () => {
    const { accessToken } = await signIn(app, stranger.username, stranger.password);
    const calls = [
      ...pathScopedRoutes().map((r) => ({
        method: r.method,
        url: victimUrl(r.url),
        payload: r.method === 'GET' ? undefined : {},
      })),
      ...bodyScoped(victim),
      ...appointmentBodyScoped(visit),
      ...appointmentWrites(visit),
    ];
    for (const call of calls) {
      const response = await app.inject({
        method: call.method as 'GET' | 'POST' | 'PUT',
        url: call.url,
        headers: bearer(accessToken),
        ...(call.payload === undefined ? {} : { payload: call.payload }),
      });
      expect(response.statusCode, `${call.method} ${call.url}`).toBe(403);
    }
    const audited = await t.db.select().from(auditEvent);
    expect(audited.filter((e) => e.action === 'ACCESS_DENIED').length).toBeGreaterThanOrEqual(calls.length);
  });

  it('lets an active responsible person make the same read calls', async () => {
    await givenResponsiblePerson(t.db, victim.patientId, stranger.patientId);
    const { accessToken } = await signIn(app, stranger.username, stranger.password);
    for (const route of pathScopedRoutes().filter((r) => r.method === 'GET')) {
      const url = victimUrl(route.url);
      const response = await app.inject({ method: 'GET', url, headers: bearer(accessToken) });
      expect(response.statusCode, url).toBe(200);
    }
  });

  it('lets an active responsible person make the body-scoped read calls', async () => {
    await givenResponsiblePerson(t.db, victim.patientId, stranger.patientId);
    const { accessToken } = await signIn(app, stranger.username, stranger.password);
    for (const call of [...healthInfoBodyScoped(victim), ...appointmentBodyScoped(visit)]) {
      const response = await app.inject({
        method: 'POST',
        url: call.url,
        headers: bearer(accessToken),
        payload: call.payload,
      });
      expect(response.statusCode, call.url).toBe(200);
    }
  });

  it('refuses another patient’s message and attachment, named by their own ids', async () => {
    const delivered = await deliverToInbox(app, {
      patientId: victim.patientId,
      from: 'clinic@direct.example.org',
      to: 'victim@direct.example.org',
      subject: 'Private',
      content: 'Private',
      mimeType: 'text/plain',
      isDirect: true,
      attachments: [{ name: 'a.pdf', bytes: Buffer.from('%PDF-1.4\n%%EOF\n') }],
    });
    const [attachment] = await t.db
      .select({ id: directMessageAttachment.id })
      .from(directMessageAttachment)
      .where(eq(directMessageAttachment.messageId, delivered.id));
    const { accessToken } = await signIn(app, stranger.username, stranger.password);
    const calls = [
      { method: 'GET', url: `/api/app/directMessage/getById/_rid/${delivered.id}` },
      {
        method: 'POST',
        url: '/api/app/directMessage/markAsRead',
        payload: { id: delivered.id, isRead: true },
      },
      { method: 'GET', url: `/api/app/directMessage/getAttachment/_rid/${attachment!.id}` },
      { method: 'GET', url: `/api/app/patient/email/getAttachment/_rid/${attachment!.id}` },
      {
        method: 'POST',
        url: '/api/app/directMessage/forwardAttachments',
        payload: { patientId: victim.patientId, messageId: delivered.id, channel: 'DIRECT_MESSAGING' },
      },
    ];
    for (const call of calls) {
      const response = await app.inject({
        method: call.method as 'GET' | 'POST',
        url: call.url,
        headers: bearer(accessToken),
        ...(call.payload === undefined ? {} : { payload: call.payload }),
      });
      expect(response.statusCode, call.url).toBe(403);
    }
    // The victim's own responsible person may open them.
    await givenResponsiblePerson(t.db, victim.patientId, stranger.patientId);
    for (const call of calls) {
      const response = await app.inject({
        method: call.method as 'GET' | 'POST',
        url: call.url,
        headers: bearer(accessToken),
        ...(call.payload === undefined ? {} : { payload: call.payload }),
      });
      expect(response.statusCode, call.url).toBe(200);
    }
  });
});
