/** Entry point of `npm run dermis -- <command>`. */
import { buildProgram } from './program';
import { openConfiguredDatabase, operatorMessage } from './open-database';

const program = buildProgram({
  withDatabase: async (fn) => {
    const { database } = await openConfiguredDatabase();
    try {
      console.log(await fn(database.db));
    } finally {
      await database.close();
    }
  },
});

program.parseAsync(process.argv).catch((error: unknown) => {
  const message = operatorMessage(error);
  console.error(message ?? error);
  process.exit(1);
});
