/**
 * Outgoing e-mail. Two real implementations: SMTP (production, SMTP_URL) and the database outbox
 * (the embedded default, read at /dev/mailbox). Bodies never carry health data: an e-mail says that
 * something is waiting in the portal and links to it.
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
  | 'CUSTOM_MESSAGE';

export interface MailMessage {
  practiceId: number | null;
  to: string;
  subject: string;
  text: string;
  html: string;
  category: MailCategory;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}
