/**
 * A message whose files the server made (a transmitted health summary), sent by the messages
 * feature's one send path (`sendGeneratedMessage`) like any message the patient writes.
 */
import type { DirectMessage } from '@dermis/contract';
import type { MailMessage } from '../../lib/mail/mailer';

export interface GeneratedSend {
  patientId: number;
  /** The account that pressed Send (a responsible person's own when acting). */
  sentByUserId: number;
  isDirect: boolean;
  /** An e-mail's sender address; a Direct message is always from the patient's Direct address. */
  emailFrom?: string;
  fromName?: string | null;
  to: string;
  subject: string;
  content: string;
  files: { name: string; mimeType: string; bytes: Buffer }[];
  /** The e-mail as rendered by the caller; without it an e-mail carries subject and content as typed. */
  mail?: Pick<MailMessage, 'subject' | 'text' | 'html' | 'category'>;
}

/** Sends it; answers the sender's copy (status FAILED when the transport refused it). */
export type SendGenerated = (input: GeneratedSend) => Promise<DirectMessage>;
