import type { Db } from '../../db/database';
import { mailOutbox, mailOutboxAttachment } from '../../db/schema';
import type { Mailer, MailMessage } from './mailer';

/** Keeps every e-mail in the database so a portal without a mail server still shows every flow. */
export class OutboxMailer implements Mailer {
  constructor(private readonly db: Db) {}

  async send(message: MailMessage): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(mailOutbox)
        .values({
          practiceId: message.practiceId,
          toAddress: message.to,
          subject: message.subject,
          textBody: message.text,
          htmlBody: message.html,
          category: message.category,
        })
        .returning({ id: mailOutbox.id });
      const attachments = message.attachments ?? [];
      if (attachments.length > 0) {
        await tx.insert(mailOutboxAttachment).values(
          attachments.map((a, position) => ({
            mailId: row!.id,
            position,
            fileName: a.fileName,
            contentType: a.contentType,
            content: a.content,
          })),
        );
      }
    });
  }

  async close(): Promise<void> {}
}
