/**
 * Outbound Direct: a message to an address outside this portal leaves through the
 * practice's HISP over authenticated SMTP (DIRECT_SMTP_URL). The HISP holds the certificates and
 * does the S/MIME signing and encryption, as Direct HISPs do for their edge systems; the portal
 * hands it a plain MIME message with a Message-ID it keeps, so a later delivery-failure notice
 * (DSN) from the HISP can be matched to the message it is about.
 */
import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';

export interface DirectAttachment {
  fileName: string;
  contentType: string;
  content: Buffer;
}

export interface OutboundDirect {
  from: string;
  to: string;
  subject: string;
  text: string;
  attachments: readonly DirectAttachment[];
  /** The RFC 5322 Message-ID to send with (angle brackets included); see `newDirectMessageId`. */
  messageId: string;
}

export interface HispClient {
  /** Resolves when the HISP accepted the message; rejects when it refused or could not be reached. */
  send(message: OutboundDirect): Promise<void>;
  close(): Promise<void>;
}

/** A globally unique Message-ID under the sender's domain. */
export function newDirectMessageId(fromAddress: string): string {
  const domain = fromAddress.split('@')[1] || 'dermis.invalid';
  return `<${randomUUID()}@${domain}>`;
}

export class SmtpHispClient implements HispClient {
  private readonly transport: Transporter;

  /** `requireTls`: in production an smtp:// HISP must offer STARTTLS (Direct carries health data). */
  constructor(url: string, requireTls: boolean) {
    this.transport = nodemailer.createTransport({
      url,
      requireTLS: requireTls,
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 60_000,
    });
  }

  async send(message: OutboundDirect): Promise<void> {
    await this.transport.sendMail({
      from: message.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      messageId: message.messageId,
      // Ask the HISP for a notice on failure only, tied to our message by its envelope id.
      dsn: {
        id: message.messageId,
        return: 'headers',
        notify: ['FAILURE', 'DELAY'],
        recipient: message.from,
      },
      attachments: message.attachments.map((a) => ({
        filename: a.fileName,
        contentType: a.contentType,
        content: a.content,
      })),
    });
  }

  close(): Promise<void> {
    this.transport.close();
    return Promise.resolve();
  }
}

/** Without DIRECT_SMTP_URL there is no route to other domains: every outbound send is refused. */
export class NoHispClient implements HispClient {
  send(): Promise<void> {
    return Promise.reject(
      new Error('No HISP is configured (DIRECT_SMTP_URL) for Direct messages to other domains'),
    );
  }
  close(): Promise<void> {
    return Promise.resolve();
  }
}

/**
 * Whether a Direct message to another domain can leave the portal: the same test the transport makes
 * before refusing one (compose/outbound-messages.ts), so the profile says what a send would find.
 */
export function sendsDirectOutside(hisp: HispClient): boolean {
  return !(hisp instanceof NoHispClient);
}

export function createHispClient(config: { directSmtpUrl: string | null; environment: string }): HispClient {
  return config.directSmtpUrl
    ? new SmtpHispClient(config.directSmtpUrl, config.environment === 'production')
    : new NoHispClient();
}
