import { z } from 'zod';
import { blobId, uploadUrlResponse } from './avatar';
import { describeCall, who } from './call';
import { errorResponse } from './errors';
import { apiPrefix } from './routes';
import { entityId, int32, int32Text, ridParams, safeString } from './rules';

/**
 * Messages (spec 002 §2 "Messages area", §3 "Direct message", "E-mail payload",
 * "Attachment", "Send payloads", §4, §5 "Compose", "Direct messaging availability", §7, §9).
 *
 * Storage: one row per copy of a message in a patient's folder (INBOX, SENT or FAILED). A local
 * Direct send between two of this portal's addresses writes the sender's SENT copy and the
 * recipient's INBOX copy; an outbound send goes through the transport (HISP or mail adapter) and
 * moves to FAILED when the transport refuses it or reports a delivery failure.
 *
 * The calls (app server, bearer token, all through the patient-access guard):
 * - POST `patient/dermis/getMessages` {patientId, directMessageType, page?, pageSize?}: one folder,
 *   newest first, paged, with `noOfUnread` of the inbox.
 * - GET  `directMessage/getById/_rid/{id}`: one message (the owner patient is looked up, then guarded).
 * - POST `directMessage/markAsRead` {id, isRead}: answers the message and the new unread count.
 * - GET  `directMessage/getUnreadCount/_rid/{patientId}`: the inbox badge.
 * - POST `directMessage/send` {directMessageInfo}: compose in Direct mode.
 * - POST `patient/email/send` {patientEmailInfo}: compose in e-mail mode.
 * - POST `directMessage/sendByFilter` / `patient/email/sendByFilter`: transmit of the health summary.
 * - GET  `dms/url/directMessaging/getUploadURL?patientId` and `dms/url/patientEmail/getUploadURL?patientId`
 *   → {url, s3Id}; PUT the bytes to `url`; PUT `dms/file/add` {patientId, visibleForPatient, name,
 *   size, mimeType, id} registers it (size and type checked by content) → the attachment.
 * - GET  `directMessage/getAttachment/_rid/{id}` and `patient/email/getAttachment/_rid/{id}`
 *   → {contentUrl, name}: a signed, expiring download link.
 */

/** Spec §9 / §3: the list types; RECEIVED is the INBOX folder. */
export const directMessageTypes = ['RECEIVED', 'SENT', 'FAILED'] as const;
export const directMessageType = z.enum(directMessageTypes);
export type DirectMessageType = z.infer<typeof directMessageType>;

/** Where a copy is filed (database column `folder`). */
export const messageFolders = ['INBOX', 'SENT', 'FAILED'] as const;
export type MessageFolder = (typeof messageFolders)[number];
export const folderOfType: Record<DirectMessageType, MessageFolder> = {
  RECEIVED: 'INBOX',
  SENT: 'SENT',
  FAILED: 'FAILED',
};
/** The view type of `/messages/message/:type/:id` ('inbox' maps to the received list). */
export const messageViewTypes = { inbox: 'RECEIVED', sent: 'SENT', failed: 'FAILED' } as const;
export type MessageViewType = keyof typeof messageViewTypes;

/**
 * Delivery state of a copy: DELIVERED (local delivery done, or received), QUEUED (handed to the
 * transport, not yet confirmed), SENT (the transport accepted it), FAILED (refused or bounced).
 */
export const messageStatuses = ['DELIVERED', 'QUEUED', 'SENT', 'FAILED'] as const;
export type MessageStatus = (typeof messageStatuses)[number];

/** Spec §9. */
export const messageAttachmentMaxBytes = 3_500_000;
export const messageRefreshMs = 180_000;
export const defaultMessageMimeType = 'text/plain';
export const messageMimeTypes = ['text/plain', 'text/html'] as const;
export const messagePageSizeDefault = 50;
export const messagePageSizeMax = 200;
/**
 * What the web's lists ask for at a time (decision 253): a screenful or two on a desktop, about 11 KB
 * for the heavy patient's inbox where 200 made 100 KB; the rest follows by cursor on "Show more".
 */
export const messageListPageSize = 50;
export const messageSubjectMax = 255;
/** Longest body accepted (characters); a message is a letter, not a file. */
export const messageContentMax = 100_000;
export const messageAttachmentsMax = 20;

/**
 * Spec §5 Compose: 'to' looks like an address — user, @, domain, a 2 to 4 letter suffix — else
 * 'Address not valid'. The same rule for Direct and e-mail addresses.
 */
export const messageAddressPattern = /^[A-Za-z0-9._%+'-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,4}$/;
export const messageAddress = safeString
  .trim()
  .min(1, { message: 'validation.fieldRequired' })
  .max(254, { message: 'messages.error.addressNotValid' })
  .regex(messageAddressPattern, { message: 'messages.error.addressNotValid' });

/**
 * Allowed attachment types (spec §5): Office documents, OpenDocument, Apple iWork, pdf, png, jpg,
 * tif/tiff, gif, txt, html/htm, rtf, rtx, xml, csv, zip and 7z. Keyed by extension; the server
 * decides the type from the content (magic bytes) and refuses a file whose content is not one of
 * these families (a Windows/ELF/Mach-O executable or a script renamed .pdf is refused).
 */
export const messageAttachmentTypes = {
  doc: 'application/msword',
  dot: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  dotx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.template',
  xls: 'application/vnd.ms-excel',
  xlt: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xltx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.template',
  ppt: 'application/vnd.ms-powerpoint',
  pps: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  ppsx: 'application/vnd.openxmlformats-officedocument.presentationml.slideshow',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  odp: 'application/vnd.oasis.opendocument.presentation',
  odg: 'application/vnd.oasis.opendocument.graphics',
  pages: 'application/vnd.apple.pages',
  numbers: 'application/vnd.apple.numbers',
  key: 'application/vnd.apple.keynote',
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  gif: 'image/gif',
  txt: 'text/plain',
  html: 'text/html',
  htm: 'text/html',
  rtf: 'application/rtf',
  rtx: 'text/richtext',
  xml: 'application/xml',
  csv: 'text/csv',
  zip: 'application/zip',
  '7z': 'application/x-7z-compressed',
} as const;
export type MessageAttachmentExtension = keyof typeof messageAttachmentTypes;
/** For a file picker's `accept`. */
export const messageAttachmentAccept = Object.keys(messageAttachmentTypes)
  .map((ext) => `.${ext}`)
  .join(',');

export function attachmentExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}
export function isAllowedAttachmentName(name: string): boolean {
  return Object.hasOwn(messageAttachmentTypes, attachmentExtension(name));
}

/**
 * Characters that reorder the text around them (ALM, LRM, RLM, the embeddings and overrides, the
 * isolates). In a file name they make `photo\u202Egnp.exe` read as `photoexe.png`: a name that lies
 * about its type, so attachment names may not hold them.
 */
const bidiControls = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;
export function hasBidiControls(text: string): boolean {
  return bidiControls.test(text);
}
/** The text with each direction control written as its code point (U+202E), for a notice that names it. */
export function showBidiControls(text: string): string {
  return text.replace(
    new RegExp(bidiControls.source, 'g'),
    (c) => `[U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}]`,
  );
}

/**
 * The short name of the type an attachment was checked as (its stored MIME type): the first extension
 * of that type in the allowed list, in capitals ("PNG", "PDF", "DOCX"); null for any other type.
 */
export function attachmentTypeName(mimeType: string): string | null {
  const found = Object.entries(messageAttachmentTypes).find(([, type]) => type === mimeType);
  return found ? found[0].toUpperCase() : null;
}

/** An attachment's file name as a request carries it: no path, no direction controls, an allowed type. */
const attachmentFileName = safeString
  .trim()
  .min(1)
  .max(255)
  .refine((name) => !hasBidiControls(name), { message: 'messages.error.attachmentNameDirection' })
  .refine(isAllowedAttachmentName, { message: 'messages.error.attachmentType' });

/** Attachment of a message (spec §3 "attachments (id, name)"), with what a list row needs. */
export const messageAttachment = z.object({
  id: z.number().int(),
  name: z.string(),
  size: z.number().int(),
  mimeType: z.string(),
});
export type MessageAttachment = z.infer<typeof messageAttachment>;

/** Spec §3 "Direct message". */
export const directMessage = z.object({
  id: z.number().int(),
  /** The patient whose folder holds this copy. */
  patientId: z.number().int(),
  directMessageType: directMessageType,
  from: z.string(),
  to: z.string(),
  subject: z.string(),
  content: z.string(),
  mimeType: z.string(),
  /** ISO 8601. */
  dateSent: z.string(),
  dateModified: z.string(),
  messageWasRead: z.boolean(),
  isDirect: z.boolean(),
  status: z.enum(messageStatuses),
  /** Why a FAILED copy failed, in words a patient can act on; null otherwise. */
  failureReason: z.string().nullable(),
  /** Who pressed Send when a responsible person sent it for the patient (full name); null otherwise. */
  sentByFullName: z.string().nullable(),
  attachments: z.array(messageAttachment),
});
export type DirectMessage = z.infer<typeof directMessage>;

/** A list row: the message without its body (the view fetches it). */
export const directMessageSummary = directMessage.omit({ content: true });
export type DirectMessageSummary = z.infer<typeof directMessageSummary>;

/** POST `patient/dermis/getMessages` (spec §7 `patient/{product}/getMessages`). */
export const getMessagesRequest = z.object({
  patientId: entityId,
  directMessageType: directMessageType.default('RECEIVED'),
  /** 0-based page, newest first. */
  page: int32.min(0).max(100_000).default(0),
  pageSize: int32.min(1).max(messagePageSizeMax).default(messagePageSizeDefault),
  /**
   * The page after the one whose answer gave this `nextCursor` (keyset: no offset to skip, and no
   * message repeated or missed when new mail arrives between pages). `page` is then ignored. A
   * cursor of another patient or list answers an empty page.
   */
  cursor: safeString
    .max(200)
    .regex(/^[A-Za-z0-9_-]+$/)
    .optional(),
});
export type GetMessagesRequest = z.input<typeof getMessagesRequest>;

export const getMessagesResponse = z.object({
  directMessageType: directMessageType,
  /** Unread messages of the inbox (the badge), whatever the list asked. */
  noOfUnread: z.number().int(),
  totalCount: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  messages: z.array(directMessageSummary),
  /** The `cursor` of the next page; null on the last page. */
  nextCursor: z.string().nullable().optional(),
});
export type GetMessagesResponse = z.infer<typeof getMessagesResponse>;

/** GET `directMessage/getById/_rid/{id}`. */
export const getMessageResponse = directMessage;

/** POST `directMessage/markAsRead` (spec §7: id, isRead). */
export const markAsReadRequest = z.object({
  id: entityId,
  isRead: z.boolean().default(true),
});
export type MarkAsReadRequest = z.input<typeof markAsReadRequest>;
export const markAsReadResponse = z.object({
  id: z.number().int(),
  messageWasRead: z.boolean(),
  noOfUnread: z.number().int(),
});
export type MarkAsReadResponse = z.infer<typeof markAsReadResponse>;

/** GET `directMessage/getUnreadCount/_rid/{patientId}`. */
export const unreadCountResponse = z.object({ patientId: z.number().int(), noOfUnread: z.number().int() });
export type UnreadCountResponse = z.infer<typeof unreadCountResponse>;

const messageSubject = safeString
  .trim()
  .min(1, { message: 'messages.error.subjectRequired' })
  .max(messageSubjectMax);
const messageContent = safeString.max(messageContentMax).default('');
const attachmentIds = z.array(entityId).max(messageAttachmentsMax).default([]);

/**
 * Spec §3 Send payloads, "directMessageInfo (including fromPatientId)". `from` is not sent: the
 * server uses the patient's own Direct address. `patientId` is the account whose folder the SENT
 * copy lands in (the patient themself, or the one a responsible person acts for); `fromPatientId`
 * must equal it when given.
 */
export const directMessageInfo = z.object({
  patientId: entityId,
  fromPatientId: entityId.optional(),
  to: messageAddress,
  subject: messageSubject,
  content: messageContent,
  mimeType: z.enum(messageMimeTypes).default(defaultMessageMimeType),
  /** Ids from `dms/file/add` (channel DIRECT_MESSAGING) of the same patient, not yet sent. */
  attachments: attachmentIds,
});
export type DirectMessageInfo = z.input<typeof directMessageInfo>;

/** POST `directMessage/send`: compose in Direct mode. */
export const sendDirectMessageRequest = z.object({ directMessageInfo });
export type SendDirectMessageRequest = z.input<typeof sendDirectMessageRequest>;

/** Spec §3 "E-mail payload (patientEmailInfo)". */
export const patientEmailInfo = z.object({
  patientId: entityId,
  subject: messageSubject,
  content: messageContent,
  to: messageAddress,
  includeAttachments: z.boolean().default(false),
  /** Ids from `dms/file/add` (channel PATIENT_EMAIL) of the same patient, not yet sent. */
  attachments: attachmentIds,
});
export type PatientEmailInfo = z.input<typeof patientEmailInfo>;

/** POST `patient/email/send`: compose in e-mail mode. */
export const sendEmailRequest = z.object({ patientEmailInfo });
export type SendEmailRequest = z.input<typeof sendEmailRequest>;

/** What a send answers: the SENT (or FAILED) copy in the sender's folder. */
export const sendDirectMessageResponse = directMessage;
export type SendDirectMessageResponse = z.infer<typeof sendDirectMessageResponse>;

/** ISO 8601 instant the transmit screen sends (start of day UTC; end + 1 day at midnight). */
const transmitInstant = safeString.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/, {
  message: 'validation.invalid',
});
/** Spec §5: '{name} Health Summary {start} {end}.zip', whitespace and slashes as underscores. */
const ccdaAttachmentName = safeString
  .trim()
  .min(1)
  .max(255)
  .regex(/^[^\s/\\]+\.zip$/, { message: 'validation.invalid' })
  .refine((name) => !hasBidiControls(name), { message: 'messages.error.attachmentNameDirection' });

/** POST `directMessage/sendByFilter` (transmit by Direct, spec §3 Send payloads). */
export const directSendByFilterRequest = z.object({
  directMessageInfo,
  patientId: entityId,
  startDate: transmitInstant.optional(),
  endDate: transmitInstant.optional(),
  ccdaAttachmentName,
});
export type DirectSendByFilterRequest = z.input<typeof directSendByFilterRequest>;

/** POST `patient/email/sendByFilter` (transmit by e-mail, spec §3 Send payloads). */
export const emailSendByFilterRequest = z.object({
  patientEmailInfo,
  patientId: entityId,
  startDate: transmitInstant.optional(),
  endDate: transmitInstant.optional(),
  ccdaAttachmentName,
  /** Marks a send by a responsible person (the activity log and the SENT copy record who). */
  sentByResponsiblePerson: z.boolean().default(false),
});
export type EmailSendByFilterRequest = z.input<typeof emailSendByFilterRequest>;

/** Which compose mode an attachment belongs to (the two upload-URL calls of §7). */
export const attachmentChannels = ['DIRECT_MESSAGING', 'PATIENT_EMAIL'] as const;
export type AttachmentChannel = (typeof attachmentChannels)[number];

/** `?patientId=` of the two getUploadURL calls; answers `uploadUrlResponse` (avatar.ts). */
export const attachmentUploadUrlQuery = z.object({ patientId: int32Text.pipe(entityId) });

/** PUT `dms/file/add` (spec §3 Attachment "Upload metadata"). */
export const addAttachmentRequest = z.object({
  patientId: entityId,
  /** Always false for message attachments: they are not documents of the health profile. */
  visibleForPatient: z.literal(false).default(false),
  name: attachmentFileName.refine((name) => !/[/\\]/.test(name), { message: 'validation.invalid' }),
  size: int32.positive().max(messageAttachmentMaxBytes, { message: 'messages.error.attachmentTooLarge' }),
  mimeType: safeString.max(200),
  /** The s3Id the upload URL call issued. */
  id: blobId,
});
export type AddAttachmentRequest = z.input<typeof addAttachmentRequest>;

export const addAttachmentResponse = messageAttachment.extend({
  channel: z.enum(attachmentChannels),
  /** ISO 8601; an attachment not sent within a day is dropped. */
  createdAt: z.string(),
});
export type AddAttachmentResponse = z.infer<typeof addAttachmentResponse>;

/**
 * POST `directMessage/forwardAttachments` (not in spec §7; decision 121): a forward carries the
 * original's attachments. The server copies them as unsent attachments of the patient for the
 * channel the compose screen sends with; the screen shows them like uploads (checked, removable).
 */
export const forwardAttachmentsRequest = z.object({
  patientId: entityId,
  /** The message being forwarded: one of the patient's own. */
  messageId: entityId,
  channel: z.enum(attachmentChannels),
});
export type ForwardAttachmentsRequest = z.input<typeof forwardAttachmentsRequest>;
export const forwardAttachmentsResponse = z.object({ attachments: z.array(addAttachmentResponse) });
export type ForwardAttachmentsResponse = z.infer<typeof forwardAttachmentsResponse>;

/** GET `directMessage/getAttachment/_rid/{id}` and `patient/email/getAttachment/_rid/{id}`. */
export const attachmentDownloadResponse = z.object({
  contentUrl: z.string(),
  name: z.string(),
  expiresAt: z.string(),
  mimeType: z.string(),
});
export type AttachmentDownloadResponse = z.infer<typeof attachmentDownloadResponse>;

// ---- Integration API (clinic side) ----

/** POST /api/integration/patients/{externalId}/direct-messages: staff write to a patient. */
export const integrationSendMessageRequest = z.object({
  subject: messageSubject,
  content: safeString.min(1).max(messageContentMax),
  mimeType: z.enum(messageMimeTypes).default(defaultMessageMimeType),
  /** Shown as the sender's name in the inbox (e.g. "Dr. Olivia Bennett"). */
  fromName: safeString.trim().min(1).max(200),
  attachments: z
    .array(
      z.object({
        name: attachmentFileName,
        contentBase64: safeString.min(1).max(Math.ceil(messageAttachmentMaxBytes / 3) * 4 + 4),
      }),
    )
    .max(messageAttachmentsMax)
    .default([]),
});
export type IntegrationSendMessageRequest = z.input<typeof integrationSendMessageRequest>;

export const integrationSendMessageResponse = z.object({
  id: z.number().int(),
  patientId: z.number().int(),
  to: z.string(),
  notified: z.boolean(),
});

/** GET /api/integration/direct-messages?afterId=&limit=: messages patients sent to the practice. */
export const integrationPracticeMessagesQuery = z.object({
  /** Only messages after this id (a cursor: pass the last id you saw). */
  afterId: int32Text.pipe(int32.min(0)).default(0),
  limit: int32Text.pipe(int32.min(1).max(500)).default(100),
});
export const integrationPracticeMessage = z.object({
  id: z.number().int(),
  /** Null for mail from outside the portal to the practice's own Direct address. */
  patientExternalId: z.string().nullable(),
  patientFullName: z.string().nullable(),
  from: z.string(),
  to: z.string(),
  subject: z.string(),
  content: z.string(),
  mimeType: z.string(),
  dateSent: z.string(),
  sentByFullName: z.string().nullable(),
  attachments: z.array(messageAttachment.extend({ contentUrl: z.string() })),
});
export type IntegrationPracticeMessage = z.infer<typeof integrationPracticeMessage>;
export const integrationPracticeMessagesResponse = z.object({
  messages: z.array(integrationPracticeMessage),
  /** Pass as `afterId` for the next page; equal to the request's when there is nothing new. */
  lastId: z.number().int(),
});

/** A message or attachment id in the path (`_rid/{id}` in the spec; named so it is not a patient id). */
export const messageItemParams = z.object({ itemId: int32Text.pipe(entityId) });

const failures = { 400: errorResponse, 403: errorResponse, 404: errorResponse, 429: errorResponse };
const integrationFailures = { 400: errorResponse, 401: errorResponse, 404: errorResponse };
const app = apiPrefix.app;

/**
 * The messages calls. A call naming a message or an attachment by its own id is made by a signed-in
 * account; the handler checks the owner patient of that id through the access rule (an unknown id is
 * refused like another patient's, so ids cannot be probed). The transmit calls repeat the patient
 * inside the message; the guard refuses a payload whose inner patient is someone else.
 */
export const messagesCalls = {
  /** One folder, newest first, paged, with the inbox's unread count. */
  list: describeCall({
    method: 'POST',
    path: `${app}/patient/dermis/getMessages`,
    who: who.patientInBody('patientId'),
    body: getMessagesRequest,
    response: getMessagesResponse,
    answers: failures,
  }),
  get: describeCall({
    method: 'GET',
    path: `${app}/directMessage/getById/_rid/:itemId`,
    who: who.patientOf('message', 'path', 'itemId'),
    params: messageItemParams,
    response: getMessageResponse,
    answers: failures,
  }),
  markAsRead: describeCall({
    method: 'POST',
    path: `${app}/directMessage/markAsRead`,
    who: who.patientOf('message', 'body', 'id'),
    body: markAsReadRequest,
    response: markAsReadResponse,
    answers: failures,
  }),
  /** The inbox badge; `:id` is the patient id. */
  unreadCount: describeCall({
    method: 'GET',
    path: `${app}/directMessage/getUnreadCount/_rid/:id`,
    who: who.patientInPath('id'),
    params: ridParams,
    response: unreadCountResponse,
    answers: failures,
  }),
  sendDirect: describeCall({
    method: 'POST',
    path: `${app}/directMessage/send`,
    who: who.patientInBody('directMessageInfo.patientId'),
    body: sendDirectMessageRequest,
    response: sendDirectMessageResponse,
    answers: failures,
  }),
  sendEmail: describeCall({
    method: 'POST',
    path: `${app}/patient/email/send`,
    who: who.patientInBody('patientEmailInfo.patientId'),
    body: sendEmailRequest,
    response: sendDirectMessageResponse,
    answers: failures,
  }),
  /** Transmit of the health summary by Direct (spec 002 §3 Send payloads). */
  transmitDirect: describeCall({
    method: 'POST',
    path: `${app}/directMessage/sendByFilter`,
    who: who.patientInBody('patientId', ['directMessageInfo.patientId', 'directMessageInfo.fromPatientId']),
    body: directSendByFilterRequest,
    response: sendDirectMessageResponse,
    answers: failures,
  }),
  /** Transmit of the health summary by e-mail. */
  transmitEmail: describeCall({
    method: 'POST',
    path: `${app}/patient/email/sendByFilter`,
    who: who.patientInBody('patientId', ['patientEmailInfo.patientId']),
    body: emailSendByFilterRequest,
    response: sendDirectMessageResponse,
    answers: failures,
  }),
  directUploadUrl: describeCall({
    method: 'GET',
    path: `${app}/dms/url/directMessaging/getUploadURL`,
    who: who.patientInQuery('patientId'),
    query: attachmentUploadUrlQuery,
    response: uploadUrlResponse,
    answers: failures,
  }),
  emailUploadUrl: describeCall({
    method: 'GET',
    path: `${app}/dms/url/patientEmail/getUploadURL`,
    who: who.patientInQuery('patientId'),
    query: attachmentUploadUrlQuery,
    response: uploadUrlResponse,
    answers: failures,
  }),
  addAttachment: describeCall({
    method: 'PUT',
    path: `${app}/dms/file/add`,
    who: who.patientInBody('patientId'),
    body: addAttachmentRequest,
    response: addAttachmentResponse,
    answers: failures,
  }),
  forwardAttachments: describeCall({
    method: 'POST',
    path: `${app}/directMessage/forwardAttachments`,
    who: who.patientInBody('patientId'),
    body: forwardAttachmentsRequest,
    response: forwardAttachmentsResponse,
    answers: failures,
  }),
  directAttachment: describeCall({
    method: 'GET',
    path: `${app}/directMessage/getAttachment/_rid/:itemId`,
    who: who.patientOf('attachment', 'path', 'itemId'),
    params: messageItemParams,
    response: attachmentDownloadResponse,
    answers: failures,
  }),
  emailAttachment: describeCall({
    method: 'GET',
    path: `${app}/patient/email/getAttachment/_rid/:itemId`,
    who: who.patientOf('attachment', 'path', 'itemId'),
    params: messageItemParams,
    response: attachmentDownloadResponse,
    answers: failures,
  }),
  /** The clinic writes to a patient (integration API). */
  sendToPatient: describeCall({
    method: 'POST',
    path: `${apiPrefix.integration}/patients/:externalId/direct-messages`,
    who: who.apiKey,
    summary: 'Send a secure message from the practice to a patient',
    description:
      'The message lands in the patient’s inbox; the patient gets an e-mail “You have a new message” unless they unsubscribed from custom messages (type 4). Attachments (base64, at most 3,500,000 bytes each) must be an allowed type by content.',
    params: z.object({ externalId: safeString.trim().min(1).max(64) }),
    body: integrationSendMessageRequest,
    response: integrationSendMessageResponse,
    status: 201,
    answers: integrationFailures,
  }),
  /** Messages patients (and, through the HISP, anyone) sent to the practice's Direct address. */
  practiceInbox: describeCall({
    method: 'GET',
    path: `${apiPrefix.integration}/direct-messages`,
    who: who.apiKey,
    summary: 'Messages patients sent to the practice',
    description:
      'Oldest first after the cursor `afterId`; pass the answer’s `lastId` next time. Attachment links are signed and expire.',
    query: integrationPracticeMessagesQuery,
    response: integrationPracticeMessagesResponse,
    answers: integrationFailures,
  }),
};
