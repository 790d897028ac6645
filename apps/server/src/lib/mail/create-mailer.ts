import type { Config } from '../../config/env';
import type { Database } from '../../db/database';
import type { Mailer } from './mailer';
import { MailOutbox, type MailOutboxOptions } from './mail-outbox';
import { OutboxMailer } from './outbox-mailer';
import { SmtpMailer } from './smtp-mailer';

/**
 * With SMTP_URL every e-mail goes through the durable outbox to the mail server (decision 184);
 * without it, e-mail is kept in the database for the development mailbox.
 */
export async function createMailer(
  config: Pick<Config, 'smtpUrl' | 'mailFrom'>,
  database: Database,
  options: Omit<MailOutboxOptions, 'database' | 'transport'> = {},
): Promise<Mailer> {
  if (!config.smtpUrl) return new OutboxMailer(database.db);
  return MailOutbox.open({
    ...options,
    database,
    transport: new SmtpMailer(config.smtpUrl, config.mailFrom),
  });
}
