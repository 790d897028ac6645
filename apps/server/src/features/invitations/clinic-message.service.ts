/**
 * A custom e-mail message from the clinic (unsubscribe type 4), the first real producer of
 * reminder-type mail. The clinic's subject and text are sent as written: by the integration contract
 * they must not contain health information (docs/decisions/010).
 */
import type { Db } from '../../db/database';
import { notFound } from '../../lib/http-error';
import type { ReminderDeps, ReminderResult } from '../../lib/mail/reminder-mail';
import { sendReminderMail } from '../../lib/mail/reminder-mail';
import { patientByExternalId } from './patient-lookup.repository';

export async function sendClinicMessage(
  deps: ReminderDeps & { db: Db },
  practiceId: number,
  externalId: string,
  message: { subject: string; body: string },
): Promise<{ status: ReminderResult }> {
  const found = await patientByExternalId(deps.db, practiceId, externalId);
  if (!found) throw notFound('server.error.patientNotFound', { externalId });
  const status = await sendReminderMail(deps, {
    patientId: found.id,
    type: 4,
    content: {
      subject: message.subject,
      greeting: 'Hello,',
      paragraphs: message.body
        .split(/\n\s*\n/)
        .map((p) => p.trim())
        .filter(Boolean),
    },
  });
  return { status };
}
