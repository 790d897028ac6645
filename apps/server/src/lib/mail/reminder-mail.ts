/**
 * The one way to send reminder-type e-mail (appointment reminders, schedule reminders, custom clinic
 * messages): it honours the patient's unsubscribe preference and appends the signed unsubscribe link,
 * so no feature can forget either.
 */
import type { Language, MessageKey, UnsubscribeType } from '@dermis/contract';
import { and, eq } from 'drizzle-orm';
import type { Config } from '../../config/env';
import type { Db } from '../../db/database';
import { emailPreference, patient, practice, userAccount } from '../../db/schema';
import type { MailCategory, Mailer } from './mailer';
import { translatorFor } from '../i18n';
import { mailBrand, renderMail } from './template';
import type { MailContent } from './template';
import { unsubscribeLink } from './unsubscribe-link';
import { firstActiveEmail } from '../patient-email';

export type ReminderResult = 'SENT' | 'SKIPPED_UNSUBSCRIBED' | 'NO_EMAIL';

const categoryOf: Record<UnsubscribeType, MailCategory> = {
  1: 'APPOINTMENT_REMINDER',
  3: 'SCHEDULE_REMINDER',
  4: 'CUSTOM_MESSAGE',
};

const footerText = {
  1: 'mail.reminder.footer.1',
  3: 'mail.reminder.footer.3',
  4: 'mail.reminder.footer.4',
} as const satisfies Record<UnsubscribeType, MessageKey>;

type ReminderContent = Pick<MailContent, 'subject' | 'greeting' | 'paragraphs' | 'action'>;

export interface ReminderDeps {
  db: Db;
  mailer: Mailer;
  config: Pick<Config, 'publicUrl' | 'jwtSecret'>;
}

export async function sendReminderMail(
  deps: ReminderDeps,
  input: {
    patientId: number;
    type: UnsubscribeType;
    /** Default: the patient's first active e-mail contact. */
    to?: string;
    /** The texts, or a function making them in the recipient's language (null: not chosen). */
    content: ReminderContent | ((language: Language | null) => ReminderContent);
  },
): Promise<ReminderResult> {
  const [opted] = await deps.db
    .select({ type: emailPreference.type })
    .from(emailPreference)
    .where(and(eq(emailPreference.patientId, input.patientId), eq(emailPreference.type, input.type)))
    .limit(1);
  if (opted) return 'SKIPPED_UNSUBSCRIBED';

  const [who] = await deps.db
    .select({
      practiceId: patient.practiceId,
      practiceName: practice.name,
      practiceBrandColor: practice.brandColor,
      practiceLogoMimeType: practice.logoMimeType,
      userId: userAccount.id,
      language: userAccount.language,
    })
    .from(patient)
    .innerJoin(practice, eq(practice.id, patient.practiceId))
    .leftJoin(userAccount, eq(userAccount.patientId, patient.id))
    .where(eq(patient.id, input.patientId))
    .limit(1);
  if (!who) throw new Error(`sendReminderMail: no patient ${input.patientId}`);

  const to = input.to ?? (await firstActiveEmail(deps.db, input.patientId));
  if (!to) return 'NO_EMAIL';

  const link = unsubscribeLink(deps.config, {
    patientId: input.patientId,
    userId: who.userId ?? 0,
    type: input.type,
  });
  const tr = translatorFor(who.language);
  const mail = renderMail({
    language: who.language,
    practiceName: who.practiceName,
    brand: mailBrand(deps.config.publicUrl, who),
    ...(typeof input.content === 'function' ? input.content(who.language) : input.content),
    footer: { text: tr(footerText[input.type]), link: { label: tr('mail.reminder.unsubscribe'), url: link } },
  });
  await deps.mailer.send({ practiceId: who.practiceId, to, category: categoryOf[input.type], ...mail });
  return 'SENT';
}
