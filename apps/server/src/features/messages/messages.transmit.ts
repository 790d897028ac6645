/**
 * Transmit of the health summary (spec 002 §2 "Transmit screen", §3 "Send
 * payloads", §4 "Transmit check", §5 "Transmit dates", "Health-summary attachment name", §7
 * directMessage/sendByFilter and patient/email/sendByFilter; spec 000 activity log TRANSMIT and
 * TRANSMIT_VIA_EMAIL). The ZIP is the one the records feature builds for TRANSMIT_VALIDATION (the
 * C-CDA of the range), named by the spec's rule from the patient's name and the chosen days; the
 * server names it itself, so a client cannot attach a misleading name (docs/decisions/113).
 */
import { eq } from 'drizzle-orm';
import { parseExportBound, type DirectMessage } from '@dermis/contract';
import type { Db } from '../../db/database';
import { patient, userAccount } from '../../db/schema';
import { httpError, invalidField } from '../../lib/http-error';
import { translatorFor } from '../../lib/i18n';
import { renderMail } from '../../lib/mail/template';
import { firstActiveEmail } from '../../lib/patient-email';
import { recordActivity } from '../../plugins/activity-log';
import { sendGeneratedMessage, type MessagesDeps } from './messages.service';
import { countSend, type SendLimitDeps } from './send-limit';

/** A range of instants: start inclusive, end exclusive; null bounds are open. */
export interface TransmitRange {
  from: Date | null;
  to: Date | null;
}

/**
 * The records feature's health summary ZIP of a range (compose/transmit.ts, handed in by app.ts): the C-CDA
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

export interface TransmitDeps extends SendLimitDeps, MessagesDeps {
  mailFrom: string;
  healthSummaryZip: HealthSummaryZipBuilder;
}

export interface TransmitActor {
  /**
   * The patient whose summary it is: the registrar's guard checked it, and that the message inside
   * the request names no other patient.
   */
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
  input: Common,
  now: Date = new Date(),
): Promise<DirectMessage> {
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
  return sendAndLog(deps, actor, 'TRANSMIT', input.to, {
    patientId: actor.patientId,
    sentByUserId: actor.userId,
    isDirect: true,
    fromName: summary.patientName,
    to: input.to,
    subject: input.subject,
    content: input.content,
    files: [{ name: summary.fileName, mimeType: 'application/zip', bytes: summary.zip }],
  });
}

export async function transmitByEmail(
  deps: TransmitDeps,
  actor: TransmitActor,
  input: Common,
  now: Date = new Date(),
): Promise<DirectMessage> {
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
  const from = (await firstActiveEmail(deps.db, actor.patientId)) ?? deps.mailFrom;
  return sendAndLog(deps, actor, 'TRANSMIT_VIA_EMAIL', input.to, {
    patientId: actor.patientId,
    sentByUserId: actor.userId,
    isDirect: false,
    emailFrom: from.slice(0, 320),
    fromName: patientName,
    to: input.to,
    subject: input.subject,
    content: input.content,
    files: [{ name: summary.fileName, mimeType: 'application/zip', bytes: summary.zip }],
    mail: { ...mail, category: 'HEALTH_SUMMARY' },
  });
}

/**
 * Sends and logs the attempt (spec 000, decision 227), as the account that acted, with its outcome:
 * FAILED when the transport refused it or could not be reached (the error then goes on to the
 * caller), SUCCEEDED otherwise. Answers the copy.
 */
async function sendAndLog(
  deps: TransmitDeps,
  actor: TransmitActor,
  action: 'TRANSMIT' | 'TRANSMIT_VIA_EMAIL',
  to: string,
  message: Parameters<typeof sendGeneratedMessage>[1],
): Promise<DirectMessage> {
  const log = (outcome: 'SUCCEEDED' | 'FAILED') =>
    recordActivity(deps.db, {
      practiceId: actor.practiceId,
      patientId: actor.patientId,
      actorUserId: actor.userId,
      action,
      toAddress: to,
      outcome,
    });
  let copy: DirectMessage;
  try {
    copy = await sendGeneratedMessage(deps, message);
  } catch (error) {
    await log('FAILED');
    throw error;
  }
  await log(copy.status === 'FAILED' ? 'FAILED' : 'SUCCEEDED');
  return copy;
}
