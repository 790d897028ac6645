/** `npm run db:migrate`: apply pending migrations and exit. */
import { openConfiguredDatabase, operatorMessage } from './open-database';
import { describeError } from '../lib/safe-error';

async function main(): Promise<void> {
  const { database, applied } = await openConfiguredDatabase();
  await database.close();
  console.log(applied.length === 0 ? 'The database is up to date.' : `Applied: ${applied.join(', ')}`);
}

main().catch((error: unknown) => {
  console.error(operatorMessage(error) ?? describeError(error, { stack: true }));
  process.exit(1);
});
