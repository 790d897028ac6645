/**
 * Where messages leave the portal, behind one seam so tests and an embedded portal need no relay.
 * Local Direct delivery (between this portal's addresses, and to the practice's own address) is
 * done by messages.service without a transport. Everything else — a Direct message to another
 * domain (the practice's HISP over authenticated SMTP) and an e-mail — is handed to a
 * MessageTransport after the sender's SENT copy is stored. The transport answers whether it took
 * the message; a refusal moves the copy to FAILED with the reason, and a later delivery-failure
 * notice does the same through `markMessageFailed` (messages.service).
 *
 * The default transport sends nothing out: a portal without a HISP or e-mail relay configured says
 * so, and the message lands in FAILED with that reason instead of pretending to be sent.
 */
import type { MessageStatus } from '@dermis/contract';
import type { GeneratedSend } from './generated-send';

export interface OutboundAttachment {
  name: string;
  mimeType: string;
  size: number;
  /** The bytes, from the blob store. */
  read(): Promise<Buffer>;
}

export interface OutboundMessage {
  /** The sender's SENT copy. */
  messageId: number;
  /** RFC 5322 Message-ID (without angle brackets) the copies share. */
  messageKey: string;
  practiceId: number;
  /** The patient whose account sends it. */
  patientId: number;
  /** The account that pressed Send (the patient's own, or a responsible person's). */
  sentByUserId: number;
  isDirect: boolean;
  from: string;
  to: string;
  subject: string;
  content: string;
  mimeType: string;
  attachments: OutboundAttachment[];
  /** A transmitted health summary's rendered letter (generated-send.ts), for an e-mail. */
  mail?: GeneratedSend['mail'];
}

export type TransportResult =
  /** Accepted by the next hop (the HISP or the SMTP relay). */
  | { status: Extract<MessageStatus, 'SENT' | 'QUEUED'> }
  /** Refused now: the copy moves to FAILED with this reason (plain words for the patient). */
  | { status: 'FAILED'; reason: string };

export interface MessageTransport {
  deliver(message: OutboundMessage): Promise<TransportResult>;
}

export const hispRefusedReason = 'The Direct service refused the message or could not be reached.';
export const mailRefusedReason = 'The mail server refused the message or could not be reached.';
/** A delivery-failure notice from the HISP about a message it had accepted. */
export const deliveryFailedReason =
  "The recipient's Direct service reported that the message could not be delivered.";

export const outboundNotConfiguredReason =
  'This portal is not set up to send messages outside it. Your practice can turn this on.';

/** The embedded default: nothing leaves the portal. */
export const noOutboundTransport: MessageTransport = {
  deliver: () => Promise.resolve({ status: 'FAILED', reason: outboundNotConfiguredReason }),
};
