/** Entry point of `npm run dermis -- <command>`. */
import { loadConfig } from '../config/env';
import { settleMailedMessage } from '../compose/outbound-messages';
import { createMailer } from '../lib/mail/create-mailer';
import { MailOutbox } from '../lib/mail/mail-outbox';
import { buildProgram } from './program';
import { openConfiguredDatabase, operatorMessage } from './open-database';
import { describeError } from '../lib/safe-error';

const program = buildProgram({
  withDatabase: async (fn) => {
    const { database } = await openConfiguredDatabase();
    try {
      console.log(await fn(database.db));
    } finally {
      await database.close();
    }
  },
  withServices: async (fn) => {
    const { database } = await openConfiguredDatabase();
    const config = loadConfig();
    const mailer = await createMailer(config, database, { onSettled: settleMailedMessage(database.db) });
    try {
      console.log(await fn({ db: database.db, mailer, config }));
      // One attempt at once at what was queued; a server that is down leaves it to the retries.
      if (mailer instanceof MailOutbox) await mailer.deliverDue();
    } finally {
      await mailer.close();
      await database.close();
    }
  },
});

program.parseAsync(process.argv).catch((error: unknown) => {
  const message = operatorMessage(error);
  console.error(message ?? describeError(error, { stack: true }));
  process.exit(1);
});
