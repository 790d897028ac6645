import type { Config } from '../../config/env';
import type { Db } from '../../db/database';
import type { Mailer } from './mailer';
import { OutboxMailer } from './outbox-mailer';
import { SmtpMailer } from './smtp-mailer';

export function createMailer(config: Pick<Config, 'smtpUrl' | 'mailFrom'>, db: Db): Mailer {
  return config.smtpUrl ? new SmtpMailer(config.smtpUrl, config.mailFrom) : new OutboxMailer(db);
}
