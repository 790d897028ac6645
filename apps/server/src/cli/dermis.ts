/** Entry point of `npm run dermis -- <command>`. */
import { loadConfig } from '../config/env';
import { createMailer } from '../lib/mail/create-mailer';
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
    const mailer = createMailer(config, database.db);
    try {
      console.log(await fn({ db: database.db, mailer, config }));
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
