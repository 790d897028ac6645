import type { Db } from '../../db/database';
import { mailOutbox } from '../../db/schema';
import type { Mailer, MailMessage } from './mailer';

/** Keeps every e-mail in the database so a portal without a mail server still shows every flow. */
export class OutboxMailer implements Mailer {
  constructor(private readonly db: Db) {}

  async send(message: MailMessage): Promise<void> {
    await this.db.insert(mailOutbox).values({
      practiceId: message.practiceId,
      toAddress: message.to,
      subject: message.subject,
      textBody: message.text,
      htmlBody: message.html,
      category: message.category,
    });
  }

  async close(): Promise<void> {}
}
