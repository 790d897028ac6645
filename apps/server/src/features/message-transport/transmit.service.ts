/**
 * Transmit of the health summary (issue 12 item 5; spec 002 §2 "Transmit screen", §3 "Send
 * payloads", §4 "Transmit check", §5 "Transmit dates", "Health-summary attachment name", §7
 * directMessage/sendByFilter and patient/email/sendByFilter; spec 000 activity log TRANSMIT and
 * TRANSMIT_VIA_EMAIL). The ZIP is the one the records feature builds for TRANSMIT_VALIDATION (the
 * C-CDA of the range), named by the spec's rule from the patient's name and the chosen days; the
 * server names it itself, so a client cannot attach a misleading name (docs/decisions/113).
 */
import { eq } from 'drizzle-orm';
import { parseExportBound, type DirectMessage } from '@dermis/contract';
import type { Db } from '../../db/database';
import { directMessage, directMessageAttachment, patient, userAccount } from '../../db/schema';
import { forbidden, httpError, invalidField } from '../../lib/http-error';
import { translatorFor } from '../../lib/i18n';
import { renderMail } from '../../lib/mail/template';
import { firstActiveEmail } from '../../lib/patient-email';
import { recordActivity } from '../../plugins/activity-log';
import { countSend, type SendLimitDeps } from '../../lib/send-limit';
import { sendDirect, sendEmail, storeAttachment, type TransportDeps } from './transport';

/** A range of instants: start inclusive, end exclusive; null bounds are open. */
export interface TransmitRange {
  from: Date | null;
  to: Date | null;
}

/**
 * The records feature's health summary ZIP of a range (composed in compose/transmit.ts): the C-CDA
 * zipped and named by the spec's rule. Throws NO_DATA ('Health Information is not available') when
 * the range has no encounter (spec 002 §4 Transmit check).
 */
export type HealthSummaryZipBuilder = (
  db: Db,
  patientId: number,
  range: TransmitRange,
  now: Date,
) => Promise<{
  practiceId: number;
  practiceName: string;
  patientName: string;
  fileName: string;
  zip: Buffer;
}>;

export interface TransmitDeps extends TransportDeps, SendLimitDeps {
  mailFrom: string;
  healthSummaryZip: HealthSummaryZipBuilder;
}

export interface TransmitActor {
  /** The patient whose summary it is (the guard's answer). */
  patientId: number;
  /** The signed-in account and its own patient (a responsible person's, when acting). */
  userId: number;
  callerPatientId: number;
  practiceId: number;
}

interface Common {
  startDate?: string;
  endDate?: string;
  subject: string;
  content: string;
  to: string;
}

/**
 * Spec §5: the start is the start of its day, the end the day after the chosen one at midnight; an
 * invalid end is omitted, an invalid start refused, and the start must not be after the end.
 */
export function transmitRange(startDate?: string, endDate?: string): TransmitRange {
  const from = startDate ? parseExportBound(startDate) : null;
  if (startDate && !from) throw invalidField('startDate', 'validation.dateInvalid');
  const to = endDate ? parseExportBound(endDate) : null;
  if (from && to && from.getTime() >= to.getTime())
    throw invalidField('startDate', 'healthInfo.rangeInvalid');
  return { from, to };
}

async function personName(db: Db, patientId: number): Promise<string> {
  const [row] = await db
    .select({ firstName: patient.firstName, lastName: patient.lastName })
    .from(patient)
    .where(eq(patient.id, patientId));
  return row ? `${row.firstName} ${row.lastName}` : '';
}

export async function transmitByDirect(
  deps: TransmitDeps,
  actor: TransmitActor,
  input: Common & { fromPatientId?: number; innerPatientId: number },
  now: Date = new Date(),
): Promise<DirectMessage> {
  // The inner payload names the same patient as the guarded one, or it is someone else's send.
  if (input.innerPatientId !== actor.patientId) throw forbidden();
  if (input.fromPatientId !== undefined && input.fromPatientId !== actor.patientId) throw forbidden();
  const range = transmitRange(input.startDate, input.endDate);
  const [sender] = await deps.db
    .select({ directAddress: patient.directAddress, enabled: patient.directServiceEnabled })
    .from(patient)
    .where(eq(patient.id, actor.patientId));
  // Spec §5 Direct messaging availability.
  if (!sender?.directAddress || !sender.enabled)
    throw httpError(400, 'DIRECT_UNAVAILABLE', 'messages.error.directUnavailable');

  const summary = await deps.healthSummaryZip(deps.db, actor.patientId, range, now);
  await countSend(deps, { userId: actor.userId, practiceId: actor.practiceId }, now);
  const attachment = await storeAttachment(deps.blobs, {
    name: summary.fileName,
    mimeType: 'application/zip',
    content: summary.zip,
  });
  const id = await sendDirect(deps, {
    practiceId: summary.practiceId,
    patientId: actor.patientId,
    sentByUserId: actor.userId,
    from: sender.directAddress,
    fromName: summary.patientName,
    to: input.to,
    subject: input.subject,
    content: input.content,
    mimeType: 'text/plain',
    attachments: [attachment],
  });
  return finish(deps.db, id, actor, 'TRANSMIT', input.to);
}

export async function transmitByEmail(
  deps: TransmitDeps,
  actor: TransmitActor,
  input: Common & { innerPatientId: number },
  now: Date = new Date(),
): Promise<DirectMessage> {
  if (input.innerPatientId !== actor.patientId) throw forbidden();
  const range = transmitRange(input.startDate, input.endDate);
  const summary = await deps.healthSummaryZip(deps.db, actor.patientId, range, now);
  await countSend(deps, { userId: actor.userId, practiceId: actor.practiceId }, now);

  const [account] = await deps.db
    .select({ language: userAccount.language })
    .from(userAccount)
    .where(eq(userAccount.id, actor.userId));
  const tr = translatorFor(account?.language);
  const senderName = await personName(deps.db, actor.callerPatientId);
  const { patientName, practiceName } = summary;
  const mail = renderMail({
    language: account?.language,
    practiceName,
    subject: input.subject,
    greeting: tr('mail.transmit.greeting'),
    paragraphs: [
      tr('mail.transmit.intro', { name: patientName, practiceName }),
      ...(input.content.trim() ? [tr('mail.transmit.note', { name: senderName }), input.content.trim()] : []),
    ],
  });
  const attachment = await storeAttachment(deps.blobs, {
    name: summary.fileName,
    mimeType: 'application/zip',
    content: summary.zip,
  });
  const from = (await firstActiveEmail(deps.db, actor.patientId)) ?? deps.mailFrom;
  const id = await sendEmail(deps, {
    practiceId: summary.practiceId,
    patientId: actor.patientId,
    sentByUserId: actor.userId,
    from: from.slice(0, 320),
    fromName: patientName,
    to: input.to,
    subject: input.subject,
    content: input.content,
    mimeType: 'text/plain',
    attachments: [attachment],
    mail: { ...mail, category: 'HEALTH_SUMMARY' },
  });
  return finish(deps.db, id, actor, 'TRANSMIT_VIA_EMAIL', input.to);
}

/** Logs a transmission the transport accepted (spec 000), as the account that acted; answers the copy. */
async function finish(
  db: Db,
  id: number,
  actor: TransmitActor,
  action: 'TRANSMIT' | 'TRANSMIT_VIA_EMAIL',
  to: string,
): Promise<DirectMessage> {
  const copy = await loadCopy(db, id);
  if (copy.status !== 'FAILED') {
    await recordActivity(db, {
      practiceId: actor.practiceId,
      patientId: actor.patientId,
      actorUserId: actor.userId,
      action,
      toAddress: to,
    });
  }
  return copy;
}

/** The sender's copy as the contract's Direct message. */
export async function loadCopy(db: Db, id: number): Promise<DirectMessage> {
  const [row] = await db.select().from(directMessage).where(eq(directMessage.id, id));
  if (!row) throw new Error(`message ${id} vanished`);
  const attachments = await db
    .select({
      id: directMessageAttachment.id,
      name: directMessageAttachment.name,
      size: directMessageAttachment.size,
      mimeType: directMessageAttachment.mimeType,
    })
    .from(directMessageAttachment)
    .where(eq(directMessageAttachment.messageId, id))
    .orderBy(directMessageAttachment.id);
  let sentByFullName: string | null = null;
  if (row.sentByUserId) {
    const [who] = await db
      .select({ patientId: userAccount.patientId })
      .from(userAccount)
      .where(eq(userAccount.id, row.sentByUserId));
    if (who && who.patientId !== row.patientId) sentByFullName = await personName(db, who.patientId);
  }
  return {
    id: row.id,
    patientId: row.patientId,
    directMessageType: row.folder === 'INBOX' ? 'RECEIVED' : row.folder,
    from: row.fromAddress,
    to: row.toAddress,
    subject: row.subject,
    content: row.content,
    mimeType: row.mimeType,
    dateSent: row.dateSent.toISOString(),
    dateModified: row.dateModified.toISOString(),
    messageWasRead: row.messageWasRead,
    isDirect: row.isDirect,
    status: row.status,
    failureReason: row.failureReason,
    sentByFullName,
    attachments,
  };
}
