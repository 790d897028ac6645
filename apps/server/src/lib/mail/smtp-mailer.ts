import nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import type { Mailer, MailMessage } from './mailer';

/** Sends through the practice's SMTP server (SMTP_URL). Failures reach the caller, which decides. */
export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(smtpUrl);
  }

  async send(message: MailMessage): Promise<void> {
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
