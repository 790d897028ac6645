/**
 * The two e-mails clinic staff send. They name the practice and carry one link; no health data and
 * not even the patient's name, in case the address on file belongs to someone else. Worded in the
 * language of the patient's account when they have one, else their health profile's preferred
 * language when the portal speaks it (decision 157), else in English.
 */
import type { InvitationKind, Language } from '@dermis/contract';
import { translatorFor } from '../../lib/i18n';
import type { MailMessage } from '../../lib/mail/mailer';
import { renderMail } from '../../lib/mail/template';
import type { MailContent } from '../../lib/mail/template';

export function invitationMail(input: {
  kind: InvitationKind;
  practiceId: number;
  practiceName: string;
  brand?: MailContent['brand'];
  to: string;
  url: string;
  expiresAt: Date;
  language?: Language | null;
}): MailMessage {
  const tr = translatorFor(input.language);
  const until = mailDate(input.expiresAt, input.language);
  const practiceName = input.practiceName;
  const content =
    input.kind === 'ACCOUNT_CREATION'
      ? {
          subject: tr('mail.invitation.accountCreation.subject'),
          paragraphs: [
            tr('mail.invitation.accountCreation.invite', { practiceName }),
            tr('mail.invitation.accountCreation.how', { until }),
            tr('mail.invitation.ignore'),
          ],
          action: { label: tr('mail.invitation.accountCreation.action'), url: input.url },
        }
      : {
          subject: tr('mail.invitation.emailVerification.subject'),
          paragraphs: [
            tr('mail.invitation.emailVerification.ask', { practiceName }),
            tr('mail.invitation.emailVerification.how', { until }),
            tr('mail.invitation.ignore'),
          ],
          action: { label: tr('mail.invitation.emailVerification.action'), url: input.url },
        };
  const mail = renderMail({
    language: input.language,
    practiceName,
    greeting: tr('mail.greeting'),
    brand: input.brand,
    ...content,
  });
  return {
    practiceId: input.practiceId,
    to: input.to,
    category: input.kind === 'ACCOUNT_CREATION' ? 'ACCOUNT_INVITATION' : 'EMAIL_VERIFICATION',
    ...mail,
  };
}

/** The link's end in the mail's language, in UTC (the server does not know the patient's zone). */
export function mailDate(at: Date, language?: Language | null): string {
  const locale = language === 'es' ? 'es-US' : 'en-US';
  const when = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' });
  return `${when.format(at)} UTC`;
}
