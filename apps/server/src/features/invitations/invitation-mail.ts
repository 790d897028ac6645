/**
 * The two e-mails clinic staff send. They name the practice and carry one link; no health data and
 * not even the patient's name, in case the address on file belongs to someone else.
 */
import type { InvitationKind } from '@dermis/contract';
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
}): MailMessage {
  const until = input.expiresAt.toUTCString();
  const content =
    input.kind === 'ACCOUNT_CREATION'
      ? {
          subject: 'Create your patient portal account',
          paragraphs: [
            `${input.practiceName} invites you to create an account in its patient portal.`,
            `Choose a username and a password with the link below. You will be asked for your date of birth. The link works once and until ${until}.`,
            'If you did not expect this e-mail, you can ignore it.',
          ],
          action: { label: 'Create your account', url: input.url },
        }
      : {
          subject: 'Verify your e-mail address',
          paragraphs: [
            `${input.practiceName} asks you to confirm that this e-mail address is yours.`,
            `Open the link below to confirm it. The link works once and until ${until}.`,
            'If you did not expect this e-mail, you can ignore it.',
          ],
          action: { label: 'Verify e-mail address', url: input.url },
        };
  const mail = renderMail({
    practiceName: input.practiceName,
    brand: input.brand,
    greeting: 'Hello,',
    ...content,
  });
  return {
    practiceId: input.practiceId,
    to: input.to,
    category: input.kind === 'ACCOUNT_CREATION' ? 'ACCOUNT_INVITATION' : 'EMAIL_VERIFICATION',
    ...mail,
  };
}
