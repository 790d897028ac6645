/**
 * Messages calls of spec 002 §7 (contract messages.ts). Every call names a patient and goes through
 * the patient-access guard: by `patientId` in the body or query, by the patient id in the path, or —
 * for a message or an attachment named by its own id — by the patient whose folder holds it (an
 * unknown id is refused like another patient's, so ids cannot be probed).
 */
import {
  addAttachmentRequest,
  addAttachmentResponse,
  appRoutes,
  attachmentDownloadResponse,
  attachmentUploadUrlQuery,
  errorResponse,
  forwardAttachmentsRequest,
  forwardAttachmentsResponse,
  getMessageResponse,
  getMessagesRequest,
  getMessagesResponse,
  markAsReadRequest,
  markAsReadResponse,
  ridParams,
  sendDirectMessageRequest,
  sendDirectMessageResponse,
  sendEmailRequest,
  unreadCountResponse,
  uploadUrlResponse,
  int32Text,
  entityId,
  type AttachmentChannel,
} from '@dermis/contract';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticate, authOf } from '../../plugins/authenticate';
import { accessedPatient, assertPatientAccess, requirePatientAccess } from '../../plugins/patient-access';
import { countSend } from '../../lib/send-limit';
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

const failures = { 400: errorResponse, 403: errorResponse, 404: errorResponse, 429: errorResponse };
/** A message or attachment id in the path (`_rid/{id}` in the spec; named so it is not a patient id). */
const itemParams = z.object({ itemId: int32Text.pipe(entityId) });

/** The guard for a call that names a message or attachment: its owner patient is the one checked. */
function guardByOwner(
  owner: (app: FastifyInstance, request: FastifyRequest) => Promise<number | null>,
): preHandlerAsyncHookHandler {
  return async function ownerGuard(request) {
    const patientId = await owner(request.server, request).catch(() => null);
    request.patientAccess = await assertPatientAccess(request, patientId, { kind: 'message-item' });
  };
}

const itemIdOf = (request: FastifyRequest) => {
  const raw = (request.params as { itemId?: unknown }).itemId;
  const parsed = itemParams.shape.itemId.safeParse(raw);
  return parsed.success ? parsed.data : null;
};

export async function messagesRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  // The demo attachment's bytes, written on start when missing (see messages.demo.ts).
  app.addHook('onReady', async () => {
    await ensureDemoMessageBlobs(app.db, app.blobs);
  });
  app.addHook('preHandler', authenticate);

  app.post(
    `/${appRoutes.getMessages}`,
    {
      schema: { body: getMessagesRequest, response: { 200: getMessagesResponse, ...failures } },
      preHandler: requirePatientAccess(),
    },
    async (request) => getMessages(app.db, accessedPatient(request).patientId, request.body),
  );

  app.get(
    `/${appRoutes.getDirectMessage.replace(':id', ':itemId')}`,
    {
      schema: { params: itemParams, response: { 200: getMessageResponse, ...failures } },
      preHandler: guardByOwner(async (server, request) => {
        const id = itemIdOf(request);
        return id === null ? null : messageOwner(server.db, id);
      }),
    },
    async (request) => getMessage(app.db, request.params.itemId),
  );

  app.post(
    `/${appRoutes.markMessageAsRead}`,
    {
      schema: { body: markAsReadRequest, response: { 200: markAsReadResponse, ...failures } },
      preHandler: guardByOwner(async (server, request) => {
        const parsed = markAsReadRequest.safeParse(request.body);
        return parsed.success ? messageOwner(server.db, parsed.data.id) : null;
      }),
    },
    async (request) =>
      markAsRead(app.db, accessedPatient(request).patientId, request.body.id, request.body.isRead),
  );

  app.get(
    `/${appRoutes.unreadMessageCount}`,
    {
      schema: { params: ridParams, response: { 200: unreadCountResponse, ...failures } },
      preHandler: requirePatientAccess(),
    },
    async (request) => {
      const { patientId } = accessedPatient(request);
      return { patientId, noOfUnread: await unreadCount(app.db, patientId) };
    },
  );

  /** Every patient send counts against the daily limits first (the portal is no spam relay). */
  const countPatientSend = (request: FastifyRequest) => {
    const { userId, practiceId } = authOf(request);
    return countSend({ counters: app.counters, config: app.config }, { userId, practiceId });
  };

  app.post(
    `/${appRoutes.sendDirectMessage}`,
    {
      schema: { body: sendDirectMessageRequest, response: { 200: sendDirectMessageResponse, ...failures } },
      preHandler: requirePatientAccess(
        (request) =>
          (request.body as { directMessageInfo?: { patientId?: unknown } } | null)?.directMessageInfo
            ?.patientId,
      ),
    },
    async (request) => {
      await countPatientSend(request);
      return sendDirectMessage(
        app,
        accessedPatient(request).patientId,
        authOf(request).userId,
        request.body.directMessageInfo,
      );
    },
  );

  app.post(
    `/${appRoutes.sendEmail}`,
    {
      schema: { body: sendEmailRequest, response: { 200: sendDirectMessageResponse, ...failures } },
      preHandler: requirePatientAccess(
        (request) =>
          (request.body as { patientEmailInfo?: { patientId?: unknown } } | null)?.patientEmailInfo
            ?.patientId,
      ),
    },
    async (request) => {
      await countPatientSend(request);
      return sendEmail(
        app,
        accessedPatient(request).patientId,
        authOf(request).userId,
        request.body.patientEmailInfo,
      );
    },
  );

  const uploadUrl = (path: string, channel: AttachmentChannel) =>
    app.get(
      `/${path}`,
      {
        schema: { querystring: attachmentUploadUrlQuery, response: { 200: uploadUrlResponse, ...failures } },
        preHandler: requirePatientAccess((request) => (request.query as { patientId?: unknown }).patientId),
      },
      async (request) => issueAttachmentUpload(app, authOf(request).userId, channel),
    );
  uploadUrl(appRoutes.directMessagingUploadUrl, 'DIRECT_MESSAGING');
  uploadUrl(appRoutes.patientEmailUploadUrl, 'PATIENT_EMAIL');

  app.put(
    `/${appRoutes.addMessageFile}`,
    {
      schema: { body: addAttachmentRequest, response: { 200: addAttachmentResponse, ...failures } },
      preHandler: requirePatientAccess(),
    },
    async (request) =>
      addAttachment(app, authOf(request).userId, accessedPatient(request).patientId, request.body),
  );

  app.post(
    `/${appRoutes.forwardMessageAttachments}`,
    {
      schema: {
        body: forwardAttachmentsRequest,
        response: { 200: forwardAttachmentsResponse, ...failures },
      },
      preHandler: requirePatientAccess(),
    },
    async (request) => ({
      attachments: await forwardAttachments(
        app,
        authOf(request).userId,
        accessedPatient(request).patientId,
        request.body.messageId,
        request.body.channel,
      ),
    }),
  );

  for (const path of [appRoutes.directMessageAttachment, appRoutes.patientEmailAttachment])
    app.get(
      `/${path.replace(':id', ':itemId')}`,
      {
        schema: { params: itemParams, response: { 200: attachmentDownloadResponse, ...failures } },
        preHandler: guardByOwner(async (server, request) => {
          const id = itemIdOf(request);
          return id === null ? null : attachmentOwner(server.db, id);
        }),
      },
      async (request) => issueAttachmentDownload(app, request.params.itemId),
    );

  return Promise.resolve();
}
