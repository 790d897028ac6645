/**
 * Outgoing e-mail. Two real implementations: SMTP (production, SMTP_URL) and the database outbox
 * (the embedded default, read at /dev/mailbox). Bodies never carry health data: an e-mail says that
 * something is waiting in the portal and links to it. The one exception is a health summary the
 * patient transmits by e-mail to an address they typed (HEALTH_SUMMARY, docs/decisions/113): that
 * is the patient's own choice of recipient, and the summary travels as an attachment.
 */
export type MailCategory =
  | 'ACCOUNT_INVITATION'
  | 'EMAIL_VERIFICATION'
  | 'PASSWORD_RESET'
  | 'TWO_STEP_CODE'
  | 'SECURITY_NOTICE'
  /** Reminder-type mail that a patient can unsubscribe from (spec 000 §2 types 1, 3, 4). */
  | 'APPOINTMENT_REMINDER'
  | 'SCHEDULE_REMINDER'
  | 'CUSTOM_MESSAGE'
  /** A new or corrected test result is in the portal (unsubscribe type 5, decision 221). */
  | 'RESULT_NOTICE'
  /** A health summary ZIP the patient transmitted by e-mail (spec 002 §7 patient/email/sendByFilter). */
  | 'HEALTH_SUMMARY'
  /** An e-mail a patient composed in the messages area (spec 002 §7 patient/email/send). */
  | 'PATIENT_EMAIL';

export interface MailAttachment {
  fileName: string;
  contentType: string;
  content: Buffer;
}

export interface MailMessage {
  practiceId: number | null;
  to: string;
  subject: string;
  text: string;
  html: string;
  category: MailCategory;
  attachments?: readonly MailAttachment[];
  /**
   * Not to be handed to the mail server after this instant: a two-step code or a reset link that
   * has expired is useless, and a code arriving late only confuses (decision 184).
   */
  sendBefore?: Date;
  /** The Message-ID of the messages-area copy this e-mail carries, which follows its outcome. */
  messageKey?: string;
}

export interface Mailer {
  /**
   * True when `send` only queues the e-mail (the durable outbox, decision 184): it resolves once the
   * e-mail is stored, and the mail server's answer comes later.
   */
  readonly queues?: boolean;
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

/**
 * The mail server refused the recipient's address for good: a permanent (5xx) reply to RCPT TO,
 * such as "550 no such mailbox". Sending to it again will not help, where any other failure (a
 * temporary 4xx reply, a lost connection, a refused sender) may pass. Only the SMTP mailer throws
 * it; the message keeps the server's reply, which log redaction scrubs of addresses.
 */
export class RecipientRefusedError extends Error {
  constructor(
    readonly responseCode: number,
    options: { message: string; cause: unknown },
  ) {
    super(options.message, { cause: options.cause });
    this.name = 'RecipientRefusedError';
  }
}
