import nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import type { Mailer, MailMessage } from './mailer';
import { RecipientRefusedError } from './mailer';

/**
 * Sends through the practice's SMTP server (SMTP_URL). Failures reach the caller, which decides; a
 * permanent refusal of the recipient's address as a RecipientRefusedError.
 */
export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(smtpUrl);
  }

  async send(message: MailMessage): Promise<void> {
    try {
      await this.sendMail(message);
    } catch (error) {
      const code = permanentRecipientRefusal(error);
      if (code === undefined) throw error;
      throw new RecipientRefusedError(code, { message: (error as Error).message, cause: error });
    }
  }

  private async sendMail(message: MailMessage): Promise<void> {
    await this.transport.sendMail({
      from: this.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      headers: { 'X-Dermis-Category': message.category },
      attachments: (message.attachments ?? []).map((a) => ({
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

/**
 * The reply code when nodemailer reports the message's one recipient refused at RCPT TO with a
 * permanent reply (its `permanent` flag: 5xx other than 503, a command out of sequence).
 */
function permanentRecipientRefusal(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const e = error as { code?: unknown; command?: unknown; responseCode?: unknown; permanent?: unknown };
  return e.code === 'EENVELOPE' &&
    e.command === 'RCPT TO' &&
    e.permanent === true &&
    typeof e.responseCode === 'number'
    ? e.responseCode
    : undefined;
}
