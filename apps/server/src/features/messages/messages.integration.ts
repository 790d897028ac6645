/**
 * The clinic's side of messages (issue 12 item 6), API key of the practice:
 *   POST /api/integration/patients/{externalId}/direct-messages  staff write to a patient: the message lands
 *        in the patient's INBOX and an e-mail 'You have a new message' is queued through the reminder
 *        mail (unsubscribe type 4 honoured; the e-mail carries no health information).
 *   GET  /api/integration/direct-messages?afterId=&limit=  messages to the practice's Direct address
 *        (patients' and, from outside through the HISP, anyone's), oldest first after the cursor, with
 *        signed download links for attachments.
 */
import {
  blobsCalls,
  errorResponse,
  integrationPracticeMessagesQuery,
  integrationPracticeMessagesResponse,
  integrationRoutes,
  integrationSendMessageRequest,
  integrationSendMessageResponse,
  messageAttachmentMaxBytes,
  messageAttachmentsMax,
  safeString,
  webRoutes,
  type IntegrationPracticeMessage,
} from '@dermis/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { directMessage, directMessageAttachment, patient, practice, userAccount } from '../../db/schema';
import { blobKey } from '../../lib/blob-store/blob-store';
import { expiryIn } from '../../lib/blob-store/signed-url';
import { invalidField, notFound } from '../../lib/http-error';
import { translatorFor } from '../../lib/i18n';
import { sendReminderMail, type ReminderDeps } from '../../lib/mail/reminder-mail';
import { patientIdByExternalId } from '../../lib/patient-by-external-id';
import { apiKeyPracticeOf, authenticateApiKey } from '../../plugins/api-key';
import { attachmentsOf, clinicInbox } from './messages.repository';
import { AttachmentRefused, deliverToInbox } from './messages.received';
import type { MessagesDeps } from './messages.service';

const failures = { 400: errorResponse, 401: errorResponse, 404: errorResponse };
const externalIdParams = z.object({ externalId: safeString.trim().min(1).max(64) });

export async function messagesIntegrationRoutes(instance: FastifyInstance): Promise<void> {
  const api = instance.withTypeProvider<ZodTypeProvider>();
  api.addHook('preHandler', authenticateApiKey);

  api.post(
    `/${integrationRoutes.patientMessages}`,
    {
      bodyLimit: (Math.ceil(messageAttachmentMaxBytes / 3) * 4 + 1024) * messageAttachmentsMax + 256 * 1024,
      schema: {
        summary: 'Send a secure message from the practice to a patient',
        description:
          'The message lands in the patient’s inbox; the patient gets an e-mail “You have a new message” unless they unsubscribed from custom messages (type 4). Attachments (base64, at most 3,500,000 bytes each) must be an allowed type by content.',
        security: [{ apiKey: [] }],
        params: externalIdParams,
        body: integrationSendMessageRequest,
        response: { 201: integrationSendMessageResponse, ...failures },
      },
    },
    async (request, reply) => {
      const result = await sendPracticeMessage(
        api,
        apiKeyPracticeOf(request),
        request.params.externalId,
        request.body,
      );
      return reply.status(201).send(result);
    },
  );

  api.get(
    `/${integrationRoutes.practiceMessages}`,
    {
      schema: {
        summary: 'Messages patients sent to the practice',
        description:
          'Oldest first after the cursor `afterId`; pass the answer’s `lastId` next time. Attachment links are signed and expire.',
        security: [{ apiKey: [] }],
        querystring: integrationPracticeMessagesQuery,
        response: { 200: integrationPracticeMessagesResponse, ...failures },
      },
    },
    async (request) => {
      const practiceId = apiKeyPracticeOf(request);
      const rows = await clinicInbox(api.db, practiceId, request.query.afterId, request.query.limit);
      const ids = rows.map((r) => r.id);
      const attachments = await attachmentsOf(api.db, ids);
      const s3Ids = new Map<number, string>();
      if (ids.length > 0) {
        const blobs = await api.db
          .select({ id: directMessageAttachment.id, s3Id: directMessageAttachment.s3Id })
          .from(directMessageAttachment)
          .where(inArray(directMessageAttachment.messageId, ids));
        for (const b of blobs) s3Ids.set(b.id, b.s3Id);
        await api.db
          .update(directMessage)
          .set({ clinicReadAt: sql`now()` })
          .where(and(inArray(directMessage.id, ids), sql`${directMessage.clinicReadAt} IS NULL`));
      }
      const senderNames = await responsibleNames(
        api,
        rows.filter((r) => r.senderPatientId !== null).map((r) => r.senderPatientId as number),
      );
      const exp = expiryIn(api.config.blobUrlTtlSeconds);
      const messages: IntegrationPracticeMessage[] = rows.map((r) => ({
        id: r.id,
        patientExternalId: r.patientExternalId,
        patientFullName: r.firstName === null ? null : `${r.firstName} ${r.lastName ?? ''}`.trim(),
        from: r.fromName ? `${r.fromName} <${r.from}>` : r.from,
        to: r.to,
        subject: r.subject,
        content: r.content,
        mimeType: r.mimeType,
        dateSent: r.dateSent.toISOString(),
        // A responsible person who sent it for the patient.
        sentByFullName:
          r.senderPatientId !== null && r.senderPatientId !== r.ownerPatientId
            ? (senderNames.get(r.senderPatientId) ?? null)
            : null,
        attachments: (attachments.get(r.id) ?? []).map((a) => ({
          ...a,
          contentUrl: `${api.config.publicUrl}${blobsCalls.download.path}?t=${api.blobUrls.sign({
            op: 'get',
            key: blobKey('messages', s3Ids.get(a.id) ?? ''),
            name: a.name,
            type: a.mimeType,
            exp,
          })}`,
        })),
      }));
      return { messages, lastId: rows.at(-1)?.id ?? request.query.afterId };
    },
  );

  return Promise.resolve();
}

/**
 * A message from the practice's staff to a patient (integration API and `dermis messages:send`): it
 * lands in the patient's INBOX and queues the e-mail 'You have a new message' as reminder-type mail
 * (unsubscribe type 4 honoured; the e-mail carries no health information).
 */
export async function sendPracticeMessage(
  deps: Pick<MessagesDeps, 'db' | 'blobs'> & ReminderDeps,
  practiceId: number,
  externalId: string,
  body: z.output<typeof integrationSendMessageRequest>,
): Promise<z.infer<typeof integrationSendMessageResponse>> {
  const patientId = await patientIdByExternalId(deps.db, practiceId, externalId);
  const files = body.attachments.map((a) => ({
    name: a.name,
    bytes: Buffer.from(a.contentBase64, 'base64'),
  }));
  const [who] = await deps.db
    .select({
      directAddress: patient.directAddress,
      practiceName: practice.name,
      practiceAddress: practice.directAddress,
      practiceDomain: practice.directDomain,
      language: userAccount.language,
    })
    .from(patient)
    .innerJoin(practice, eq(practice.id, patient.practiceId))
    .leftJoin(userAccount, eq(userAccount.patientId, patient.id))
    .where(eq(patient.id, patientId))
    .limit(1);
  if (!who) throw notFound();
  const from = who.practiceAddress ?? `practice@${who.practiceDomain ?? 'dermis.local'}`;
  const delivered = await deliverToInbox(deps, {
    patientId,
    from,
    fromName: body.fromName,
    to: who.directAddress ?? externalId,
    subject: body.subject,
    content: body.content,
    mimeType: body.mimeType,
    isDirect: true,
    sentByStaff: body.fromName,
    attachments: files,
  }).catch((error: unknown) => {
    // Checked before anything is stored, so a refused message leaves nothing behind.
    if (error instanceof AttachmentRefused)
      throw invalidField(
        'attachments',
        error.reason === 'TOO_LARGE'
          ? 'messages.error.attachmentTooLarge'
          : 'messages.error.attachmentContent',
        { name: error.fileName },
      );
    throw error;
  });
  const tr = translatorFor(who.language);
  const mail = await sendReminderMail(deps, {
    patientId,
    type: 4,
    content: {
      subject: tr('mail.newMessage.subject'),
      greeting: tr('mail.greeting'),
      paragraphs: [tr('mail.newMessage.body', { practiceName: who.practiceName })],
      action: {
        label: tr('mail.newMessage.action'),
        url: `${deps.config.publicUrl}${webRoutes.messagesInbox}`,
      },
    },
  });
  return {
    id: delivered.id,
    patientId,
    to: who.directAddress ?? '',
    notified: mail === 'SENT',
  };
}

async function responsibleNames(api: FastifyInstance, patientIds: number[]): Promise<Map<number, string>> {
  const names = new Map<number, string>();
  if (patientIds.length === 0) return names;
  const rows = await api.db
    .select({ id: patient.id, firstName: patient.firstName, lastName: patient.lastName })
    .from(patient)
    .where(inArray(patient.id, [...new Set(patientIds)]));
  for (const r of rows) names.set(r.id, `${r.firstName} ${r.lastName}`);
  return names;
}
