import { count } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { mailOutbox, mailOutboxAttachment, type MailState } from '../../db/schema';
import type { Mailer, MailMessage } from './mailer';

/**
 * Keeps every e-mail in the database so a portal without a mail server still shows every flow. It is
 * kept as SENT: the development mailbox is where it was meant to arrive.
 */
export class OutboxMailer implements Mailer {
  constructor(private readonly db: Db) {}

  async send(message: MailMessage): Promise<void> {
    await this.db.transaction((tx) => storeMail(tx, message, 'SENT'));
  }

  async close(): Promise<void> {}
}

/** Stores an e-mail and its attachments in the outbox (inside the caller's transaction); its id. */
export async function storeMail(tx: Db, message: MailMessage, state: MailState): Promise<number> {
  const [row] = await tx
    .insert(mailOutbox)
    .values({
      practiceId: message.practiceId,
      toAddress: message.to,
      subject: message.subject,
      textBody: message.text,
      htmlBody: message.html,
      category: message.category,
      state,
      sendBefore: message.sendBefore ?? null,
      messageKey: message.messageKey ?? null,
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
  return row!.id;
}

export type MailCounts = Record<MailState, number>;

/**
 * How many outbox e-mails stand in each state: QUEUED is the backlog waiting for the mail server,
 * FAILED those it refused or that ran out of attempts (for a metrics endpoint or an operator).
 */
export async function countMailByState(db: Db): Promise<MailCounts> {
  const rows = await db
    .select({ state: mailOutbox.state, n: count() })
    .from(mailOutbox)
    .groupBy(mailOutbox.state);
  const counts: MailCounts = { QUEUED: 0, SENT: 0, FAILED: 0, EXPIRED: 0 };
  for (const row of rows) counts[row.state] = row.n;
  return counts;
}
