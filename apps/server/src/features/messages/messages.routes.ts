/**
 * Messages calls of spec 002 §7 (contract `messagesCalls`), each guarded by the registrar: a call
 * naming a message or an attachment by its own id is checked on the patient whose folder holds it
 * (`ownerOf`), through the same access rule (an unknown id is refused like another patient's, so ids
 * cannot be probed).
 */
import { messagesCalls, type AttachmentChannel } from '@dermis/contract';
import type { FastifyInstance } from 'fastify';
import type { AuthContext } from '../../app-context';
import { sendJsonText } from '../../lib/fast-serializer';
import { PatientRevisionAnswers } from '../../lib/patient-revision';
import { countSend } from './send-limit';
import { registerCall } from '../../plugins/register-call';
import { ensureDemoMessageBlobs } from './messages.demo';
import { messageOwner, unreadCount } from './messages.repository';
import {
  addAttachment,
  attachmentOwner,
  forwardAttachments,
  issueAttachmentDownload,
  issueAttachmentUpload,
} from './messages.attachments';
import { getMessage, getMessages, markAsRead, sendDirectMessage, sendEmail } from './messages.service';
import {
  transmitByDirect,
  transmitByEmail,
  type HealthSummaryZipBuilder,
  type TransmitActor,
} from './messages.transmit';

/** What the messages calls take from other features (app.ts composes them). */
export interface MessagesComposition {
  /** The health-information feature's summary ZIP, which the transmit calls attach. */
  healthSummaryZip: HealthSummaryZipBuilder;
}

export function registerMessagesCalls(app: FastifyInstance, composition: MessagesComposition): void {
  // The demo attachment's bytes, written on start when missing (see messages.demo.ts).
  app.addHook('onReady', async () => {
    await ensureDemoMessageBlobs(app.db, app.blobs);
  });

  /** Every patient send counts against the daily limits first (the portal is no spam relay). */
  const countPatientSend = ({ userId, practiceId }: AuthContext) =>
    countSend({ counters: app.counters, config: app.config }, { userId, practiceId });

  // The inbox's page is JSON text written by the database (decision 299), kept by the patient's
  // inbox revision (decision 325), which every change of a row a page shows moves on. Keyed by all
  // the request holds; not by who reads, as a guardian and the patient are shown the same page.
  const keptPages = new PatientRevisionAnswers<string>('inbox');
  registerCall(app, messagesCalls.list, async ({ patient, body, reply }) => {
    const { patientId } = patient;
    const { directMessageType, page, pageSize, cursor } = body;
    const key = `${patientId} ${directMessageType} ${page} ${pageSize} ${cursor ?? ''}`;
    const text = await keptPages.answer(app.db, patientId, key, async () => ({
      text: await getMessages(app.db, patientId, body),
    }));
    return sendJsonText(reply, text);
  });

  registerCall(app, messagesCalls.get, ({ params }) => getMessage(app.db, params.itemId), {
    ownerOf: messageOwner,
  });

  registerCall(
    app,
    messagesCalls.markAsRead,
    ({ patient, body }) => markAsRead(app.db, patient.patientId, body.id, body.isRead),
    { ownerOf: messageOwner },
  );

  registerCall(app, messagesCalls.unreadCount, async ({ patient }) => ({
    patientId: patient.patientId,
    noOfUnread: await unreadCount(app.db, patient.patientId),
  }));

  registerCall(app, messagesCalls.sendDirect, async ({ patient, caller, body }) => {
    await countPatientSend(caller);
    return sendDirectMessage(app, patient.patientId, caller.userId, body.directMessageInfo);
  });

  registerCall(app, messagesCalls.sendEmail, async ({ patient, caller, body }) => {
    await countPatientSend(caller);
    return sendEmail(app, patient.patientId, caller.userId, body.patientEmailInfo);
  });

  const transmitDeps = {
    db: app.db,
    blobs: app.blobs,
    messageTransport: app.messageTransport,
    counters: app.counters,
    config: app.config,
    mailFrom: app.config.mailFrom,
    healthSummaryZip: composition.healthSummaryZip,
  };
  const actorOf = (patientId: number, caller: AuthContext): TransmitActor => ({
    patientId,
    userId: caller.userId,
    callerPatientId: caller.patientId,
    practiceId: caller.practiceId,
  });

  registerCall(app, messagesCalls.transmitDirect, ({ patient, caller, body }) => {
    const { directMessageInfo: info, startDate, endDate } = body;
    return transmitByDirect(transmitDeps, actorOf(patient.patientId, caller), {
      to: info.to,
      subject: info.subject,
      content: info.content,
      startDate,
      endDate,
    });
  });

  registerCall(app, messagesCalls.transmitEmail, ({ patient, caller, body }) => {
    const { patientEmailInfo: info, startDate, endDate } = body;
    return transmitByEmail(transmitDeps, actorOf(patient.patientId, caller), {
      to: info.to,
      subject: info.subject,
      content: info.content,
      startDate,
      endDate,
    });
  });

  const uploadUrl = (channel: AttachmentChannel) =>
    registerCall(
      app,
      channel === 'DIRECT_MESSAGING' ? messagesCalls.directUploadUrl : messagesCalls.emailUploadUrl,
      ({ caller }) => issueAttachmentUpload(app, caller.userId, channel),
    );
  uploadUrl('DIRECT_MESSAGING');
  uploadUrl('PATIENT_EMAIL');

  registerCall(app, messagesCalls.addAttachment, ({ patient, caller, body }) =>
    addAttachment(app, caller.userId, patient.patientId, body),
  );

  registerCall(app, messagesCalls.forwardAttachments, async ({ patient, caller, body }) => ({
    attachments: await forwardAttachments(
      app,
      caller.userId,
      patient.patientId,
      body.messageId,
      body.channel,
    ),
  }));

  for (const call of [messagesCalls.directAttachment, messagesCalls.emailAttachment])
    registerCall(app, call, ({ params }) => issueAttachmentDownload(app, params.itemId), {
      ownerOf: attachmentOwner,
    });
}
