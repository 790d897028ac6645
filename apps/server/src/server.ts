/**
 * `npm start`: open and migrate the database, seed the demo on an empty one, listen, and shut down
 * cleanly on SIGINT/SIGTERM (stop accepting requests, then close the database and free its folder).
 */
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config/env';
import { openDatabase } from './db/database';
import { DataDirLockedError } from './db/data-dir-lock';
import { migrate } from './db/migrate';
import { demoAccounts } from './demo/demo-accounts';
import { DemoAccountsInProductionError } from './demo/demo-guard';
import { seedDemo } from './demo/seed';
import { createLogger } from './lib/logger';
import { describeError } from './lib/safe-error';
import type { JobPoller } from './lib/jobs/scheduled-jobs';
import { startJobPoller } from './lib/jobs/scheduled-jobs';
import { scheduledJobs } from './compose/scheduled-jobs';

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const database = await openDatabase(config.database);

  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  let jobs: JobPoller | undefined;
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    try {
      // A job in progress finishes its current step first (a reminder pass its current e-mail).
      await jobs?.stop();
      await app?.close();
    } finally {
      await database.close();
    }
    process.exit(0);
  };
  process.once('SIGINT', (s) => void stop(s));
  process.once('SIGTERM', (s) => void stop(s));

  try {
    const applied = await migrate(database);
    if (applied.length > 0) logger.info({ migrations: applied }, 'database migrated');
    const seeded = config.seedDemo ? await seedDemo(database.db) : null;

    // With SMTP_URL, every instance also works the e-mail queue (decision 184).
    app = await buildApp(config, { database, logger, mailOutbox: { pollSeconds: mailPollSeconds } });
    const address = await app.listen({ host: config.host, port: config.port });
    logger.info(
      `Dermis ${config.appVersion} is listening on ${address} (${describeDatabase(config.database.kind)})`,
    );
    if (seeded !== null) logger.info('seeded the demo practice');
    // Reminder e-mails and attachment clean-up (decision 107): the timer only asks the database
    // whether a job is due.
    if (config.reminderIntervalSeconds > 0) {
      const running = app;
      jobs = startJobPoller({
        db: running.db,
        jobs: scheduledJobs({ db: running.db, mailer: running.mailer, blobs: running.blobs, config, logger }),
        pollSeconds: config.reminderIntervalSeconds,
        onOutcome: (job, outcome) => {
          if (outcome.status === 'FAILED')
            logger.error({ job: job.name, error: describeError(outcome.error) }, 'scheduled job failed');
        },
      });
    }
    // The log is JSON for machines; a person who just ran `npm start` gets a plain greeting too.
    if (config.environment !== 'production') printWelcome(address, config.seedDemo);
  } catch (error) {
    await app?.close().catch(() => undefined);
    await database.close();
    throw error;
  }
}

/** How often an idle instance asks for due e-mail; a new e-mail is announced at once (LISTEN/NOTIFY). */
const mailPollSeconds = 5;

function printWelcome(address: string, demo: boolean): void {
  const url = address.replace('://127.0.0.1', '://localhost');
  const lines = ['', `  Dermis is running at ${url}`];
  if (demo) {
    lines.push('  Demo sign-ins (demo data only):');
    for (const a of Object.values(demoAccounts)) {
      lines.push(`    ${a.username.padEnd(14)} ${a.password.padEnd(14)} ${a.firstName} ${a.lastName}`);
    }
  }
  process.stdout.write(`${lines.join('\n')}\n\n`);
}

function describeDatabase(kind: string): string {
  return kind === 'postgres' ? 'PostgreSQL' : kind === 'memory' ? 'in-memory PGlite' : 'PGlite';
}

main().catch((error: unknown) => {
  if (
    error instanceof ConfigError ||
    error instanceof DataDirLockedError ||
    error instanceof DemoAccountsInProductionError
  ) {
    console.error(error.message);
  } else {
    // Never the raw error: a failed query carries the values of its statement.
    console.error(`Dermis could not start: ${describeError(error)}`);
  }
  process.exit(1);
});
