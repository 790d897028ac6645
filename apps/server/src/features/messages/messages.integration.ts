/**
 * The clinic's side of messages, API key of the practice (contract `messagesCalls`):
 *   POST /api/integration/patients/{externalId}/direct-messages  staff write to a patient: the message lands
 *        in the patient's INBOX and an e-mail 'You have a new message' is queued through the reminder
 *        mail (unsubscribe type 4 honoured; the e-mail carries no health information).
 *   GET  /api/integration/direct-messages?afterId=&limit=  messages to the practice's Direct address
 *        (patients' and, from outside through the HISP, anyone's), oldest first after the cursor, with
 *        signed download links for attachments.
 */
import type { integrationSendMessageRequest, integrationSendMessageResponse } from '@dermis/contract';
import {
  blobsCalls,
  messageAttachmentMaxBytes,
  messageAttachmentsMax,
  messagesCalls,
  webRoutes,
  type IntegrationPracticeMessage,
} from '@dermis/contract';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { blobKey } from '../../lib/blob-store/blob-store';
import { expiryIn } from '../../lib/blob-store/signed-url';
import { invalidField, notFound } from '../../lib/http-error';
import { translatorFor } from '../../lib/i18n';
import { sendReminderMail, type ReminderDeps } from '../../lib/mail/reminder-mail';
import { patientIdByExternalId } from '../../lib/patient-by-external-id';
import { registerCall } from '../../plugins/register-call';
import {
  attachmentBlobIds,
  attachmentsOf,
  clinicInbox,
  markClinicRead,
  patientNames,
  practiceRecipient,
} from './messages.repository';
import { AttachmentRefused, deliverToInbox } from './messages.received';
import type { MessagesDeps } from './messages.service';

export function registerMessagesIntegrationCalls(app: FastifyInstance): void {
  registerCall(
    app,
    messagesCalls.sendToPatient,
    ({ params, body, practiceId }) => sendPracticeMessage(app, practiceId, params.externalId, body),
    // Each attachment travels as base-64 (4 characters for 3 bytes) inside the JSON.
    {
      bodyLimit: (Math.ceil(messageAttachmentMaxBytes / 3) * 4 + 1024) * messageAttachmentsMax + 256 * 1024,
    },
  );

  registerCall(app, messagesCalls.practiceInbox, async ({ query, practiceId }) => {
    const rows = await clinicInbox(app.db, practiceId, query.afterId, query.limit);
    const ids = rows.map((r) => r.id);
    const attachments = await attachmentsOf(app.db, ids);
    const s3Ids = await attachmentBlobIds(app.db, ids);
    await markClinicRead(app.db, ids);
    const senderNames = await patientNames(
      app.db,
      rows.filter((r) => r.senderPatientId !== null).map((r) => r.senderPatientId as number),
    );
    const exp = expiryIn(app.config.blobUrlTtlSeconds);
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
        contentUrl: `${app.config.publicUrl}${blobsCalls.download.path}?t=${app.blobUrls.sign({
          op: 'get',
          key: blobKey('messages', s3Ids.get(a.id) ?? ''),
          name: a.name,
          type: a.mimeType,
          exp,
        })}`,
      })),
    }));
    return { messages, lastId: rows.at(-1)?.id ?? query.afterId };
  });
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
  const who = await practiceRecipient(deps.db, patientId);
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
