/**
 * The one way to send reminder-type e-mail (appointment reminders, schedule reminders, custom clinic
 * messages): it honours the patient's unsubscribe preference and appends the signed unsubscribe link,
 * so no feature can forget either.
 */
import type { Language, MessageKey, UnsubscribeType } from '@dermis/contract';
import { and, eq } from 'drizzle-orm';
import type { Config } from '../../config/env';
import type { Db } from '../../db/database';
import { emailPreference, patient, patientProfile, practice, userAccount } from '../../db/schema';
import type { MailCategory, Mailer, MailMessage } from './mailer';
import { translatorFor } from '../i18n';
import { mailBrand, renderMail } from './template';
import type { MailContent } from './template';
import { unsubscribeLink } from './unsubscribe-link';
import { firstActiveEmail, mailLanguage, responsibleRecipients } from '../patient-email';

export type ReminderResult = 'SENT' | 'SKIPPED_UNSUBSCRIBED' | 'NO_EMAIL';

const categoryOf: Record<UnsubscribeType, MailCategory> = {
  1: 'APPOINTMENT_REMINDER',
  3: 'SCHEDULE_REMINDER',
  4: 'CUSTOM_MESSAGE',
  5: 'RESULT_NOTICE',
};

const footerText = {
  1: 'mail.reminder.footer.1',
  3: 'mail.reminder.footer.3',
  4: 'mail.reminder.footer.4',
  5: 'mail.reminder.footer.5',
} as const satisfies Record<UnsubscribeType, MessageKey>;

type ReminderContent = Pick<MailContent, 'subject' | 'greeting' | 'paragraphs' | 'action'>;

/** Set when the e-mail goes to a responsible person: the patient it is about (decision 156). */
export interface ReminderAbout {
  patientId: number;
  /** 'Emma Reed'. */
  name: string;
}

export interface ReminderDeps {
  db: Db;
  mailer: Mailer;
  config: Pick<Config, 'publicUrl' | 'jwtSecret'>;
}

/** What a reminder-type e-mail is to say, about which patient, and whom it may go to. */
export interface ReminderMailInput {
  patientId: number;
  type: UnsubscribeType;
  /** Default: the patient's first active e-mail contact. */
  to?: string;
  /**
   * When the patient has no e-mail address, write to each responsible person who acts for them
   * instead, in that person's language (decision 156). Reminders do; clinic messages do not.
   */
  reachResponsiblePersons?: boolean;
  /**
   * The texts, or a function making them in the recipient's language (null: not chosen), told
   * whom the e-mail is about when it goes to a responsible person.
   */
  content: ReminderContent | ((language: Language | null, about: ReminderAbout | null) => ReminderContent);
}

/** One e-mail of a reminder, rendered for its recipient. */
export interface ReminderMail {
  /** Whose record the address is: the patient's own, or the responsible person's (decision 156). */
  recipientPatientId: number;
  message: MailMessage;
}

/** Sends a reminder-type e-mail to each of its recipients, one after the other. */
export async function sendReminderMail(
  deps: ReminderDeps,
  input: ReminderMailInput,
): Promise<ReminderResult> {
  const mails = await prepareReminderMails(deps, input);
  if (typeof mails === 'string') return mails;
  for (const mail of mails) await deps.mailer.send(mail.message);
  return 'SENT';
}

/**
 * The e-mails of a reminder, one per recipient, rendered but not sent, or why there are none. The
 * reminder pass sends them one by one, each with its own record (decision 163).
 */
export async function prepareReminderMails(
  deps: Pick<ReminderDeps, 'db' | 'config'>,
  input: ReminderMailInput,
): Promise<ReminderMail[] | Exclude<ReminderResult, 'SENT'>> {
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
      firstName: patient.firstName,
      lastName: patient.lastName,
      userId: userAccount.id,
      language: userAccount.language,
      profileLanguage: patientProfile.preferredLanguageIsoCode,
    })
    .from(patient)
    .innerJoin(practice, eq(practice.id, patient.practiceId))
    .leftJoin(userAccount, eq(userAccount.patientId, patient.id))
    .leftJoin(patientProfile, eq(patientProfile.patientId, patient.id))
    .where(eq(patient.id, input.patientId))
    .limit(1);
  if (!who) throw new Error(`prepareReminderMails: no patient ${input.patientId}`);

  const own = input.to ?? (await firstActiveEmail(deps.db, input.patientId));
  const about: ReminderAbout = { patientId: input.patientId, name: `${who.firstName} ${who.lastName}` };
  const recipients = own
    ? [
        {
          patientId: input.patientId,
          to: own,
          userId: who.userId ?? 0,
          language: mailLanguage(who.language, who.profileLanguage),
          about: null,
        },
      ]
    : input.reachResponsiblePersons
      ? (await responsibleRecipients(deps.db, input.patientId)).map((r) => ({ ...r, about }))
      : [];
  if (recipients.length === 0) return 'NO_EMAIL';

  return recipients.map((recipient) => {
    // The link unsubscribes the patient (whoever follows it); uid names the reader's account.
    const link = unsubscribeLink(deps.config, {
      patientId: input.patientId,
      userId: recipient.userId,
      type: input.type,
    });
    const tr = translatorFor(recipient.language);
    const mail = renderMail({
      language: recipient.language,
      practiceName: who.practiceName,
      brand: mailBrand(deps.config.publicUrl, who),
      ...(typeof input.content === 'function'
        ? input.content(recipient.language, recipient.about)
        : input.content),
      footer: {
        text: recipient.about
          ? `${tr('mail.reminder.responsible', { name: recipient.about.name })} ${tr(footerText[input.type])}`
          : tr(footerText[input.type]),
        link: { label: tr('mail.reminder.unsubscribe'), url: link },
      },
    });
    return {
      recipientPatientId: recipient.patientId,
      message: { practiceId: who.practiceId, to: recipient.to, category: categoryOf[input.type], ...mail },
    };
  });
}
