/**
 * Messages calls of spec 002 §7 (contract `messagesCalls`). A call naming its patient is guarded by
 * the registrar; a call naming a message or an attachment by its own id checks the patient whose
 * folder holds it through the same access rule (an unknown id is refused like another patient's, so
 * ids cannot be probed).
 */
import { messagesCalls, type AttachmentChannel } from '@dermis/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthContext } from '../../app-context';
import { countSend } from '../../lib/send-limit';
import { assertPatientAccess } from '../../plugins/patient-access';
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

/** The owner patient of a message or attachment, checked like any patient the caller names. */
async function ownerAccess(request: FastifyRequest, owner: number | null) {
  return assertPatientAccess(request, owner, { kind: 'message-item' });
}

export function registerMessagesCalls(app: FastifyInstance): void {
  // The demo attachment's bytes, written on start when missing (see messages.demo.ts).
  app.addHook('onReady', async () => {
    await ensureDemoMessageBlobs(app.db, app.blobs);
  });

  /** Every patient send counts against the daily limits first (the portal is no spam relay). */
  const countPatientSend = ({ userId, practiceId }: AuthContext) =>
    countSend({ counters: app.counters, config: app.config }, { userId, practiceId });

  registerCall(app, messagesCalls.list, ({ patient, body }) => getMessages(app.db, patient.patientId, body));

  registerCall(app, messagesCalls.get, async ({ params, request }) => {
    await ownerAccess(request, await messageOwner(app.db, params.itemId));
    return getMessage(app.db, params.itemId);
  });

  registerCall(app, messagesCalls.markAsRead, async ({ body, request }) => {
    const { patientId } = await ownerAccess(request, await messageOwner(app.db, body.id));
    return markAsRead(app.db, patientId, body.id, body.isRead);
  });

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
    registerCall(app, call, async ({ params, request }) => {
      await ownerAccess(request, await attachmentOwner(app.db, params.itemId));
      return issueAttachmentDownload(app, params.itemId);
    });
}
