/**
 * `npm start`: open and migrate the database, seed the demo on an empty one, listen, and shut down
 * cleanly on SIGINT/SIGTERM (stop accepting connections, answer the requests that have arrived, then
 * close the database and free its folder), within a bounded time.
 */
import type { ServerResponse } from 'node:http';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config/env';
import { isSupportedNode, unsupportedNodeMessage } from './config/runtime';
import { developmentHostWarning } from './config/development-host';
import { openDatabase } from './db/database';
import { DataDirLockedError } from './db/data-dir-lock';
import { PostgresUnreachableError } from './db/postgres-wait';
import { migrate } from './db/migrate';
import { demoAccounts } from './demo/demo-accounts';
import { DemoAccountsInProductionError } from './demo/demo-guard';
import { seedDemo } from './demo/seed';
import { createLogger } from './lib/logger';
import { describeError } from './lib/safe-error';
import type { JobPoller } from './lib/jobs/scheduled-jobs';
import { type ControlSocket, listenForDumps } from './lib/backup/control-socket';
import { startJobPoller } from './lib/jobs/scheduled-jobs';
import { scheduledJobs } from './compose/scheduled-jobs';

/** How long a shutdown may take to answer the requests in flight before the process exits anyway. */
const shutdownGraceSeconds = 25;

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  if (!isSupportedNode()) {
    // Development and tests may go on (with a warning); a production server must not hold health
    // data on a runtime without security fixes.
    if (config.environment === 'production') throw new ConfigError(unsupportedNodeMessage());
    logger.warn(unsupportedNodeMessage());
  }
  const database = await openDatabase(config.database, {
    onRetry: ({ address, reason, waitSeconds }) =>
      logger.warn(
        { address, reason },
        `PostgreSQL at ${address} is not reachable yet (${reason}); retrying for up to ${waitSeconds} s`,
      ),
  });

  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  let jobs: JobPoller | undefined;
  let control: ControlSocket | null = null;
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    // Stop accepting at once: a connection arriving from now on is refused (the client or the load
    // balancer tries elsewhere) instead of being accepted and then dropped. Idle keep-alive
    // connections close; requests that have arrived go on.
    app?.server.close(() => undefined);
    logger.info({ signal }, 'shutting down: no new connections; answering the requests that have arrived');
    // Bounded: a client that never finishes its request must not keep the process alive.
    setTimeout(() => {
      logger.error(`shutdown took longer than ${shutdownGraceSeconds} s; exiting with requests unanswered`);
      process.exit(1);
    }, shutdownGraceSeconds * 1000).unref();
    try {
      // A job in progress finishes its current step first (a reminder pass its current e-mail).
      await jobs?.stop();
      // Every request that has arrived is answered (a new one on a busy keep-alive connection gets
      // 503 and "Connection: close") before the database it uses closes.
      await app?.close();
      await control?.close();
    } catch (error) {
      logger.error({ error: describeError(error) }, 'shutdown failed');
      process.exitCode = 1;
    } finally {
      await database.close();
    }
    process.exit();
  };
  process.once('SIGINT', (s) => void stop(s));
  process.once('SIGTERM', (s) => void stop(s));

  try {
    const applied = await migrate(database);
    if (applied.length > 0) logger.info({ migrations: applied }, 'database migrated');
    const seeded = config.seedDemo ? await seedDemo(database.db) : null;

    // With SMTP_URL, every instance also works the e-mail queue (decision 184).
    app = await buildApp(config, { database, logger, mailOutbox: { pollSeconds: mailPollSeconds } });
    // While stopping, a keep-alive connection closes once its last answer is sent: the server's
    // close waits for every connection, and an idle one would otherwise stay until its time-out.
    const server = app.server;
    server.on('request', (_request, response: ServerResponse) =>
      response.once('finish', () => {
        if (stopping) setImmediate(() => server.closeIdleConnections());
      }),
    );
    const address = await app.listen({ host: config.host, port: config.port });
    logger.info(
      `Dermis ${config.appVersion} is listening on ${address} (${describeDatabase(config.database.kind)})`,
    );
    if (seeded !== null) logger.info('seeded the demo practice');
    const exposure = developmentHostWarning(config);
    if (exposure) logger.warn(exposure);
    // `dermis backup` asks the running server for a consistent snapshot of its embedded database.
    if (database.dumpDataDir && config.database.kind === 'pglite') {
      const dump = database.dumpDataDir.bind(database);
      control = await listenForDumps(config.dataDir, dump, (message, error) =>
        logger.warn(error === undefined ? {} : { error: describeError(error) }, message),
      );
    }
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
    if (config.environment !== 'production') printWelcome(address, config.seedDemo, exposure);
  } catch (error) {
    await app?.close().catch(() => undefined);
    await control?.close();
    await database.close();
    throw error;
  }
}

/** How often an idle instance asks for due e-mail; a new e-mail is announced at once (LISTEN/NOTIFY). */
const mailPollSeconds = 5;

function printWelcome(address: string, demo: boolean, warning: string | null): void {
  const url = address.replace('://127.0.0.1', '://localhost');
  const lines = ['', `  Dermis is running at ${url}`];
  if (warning) lines.push('', `  Warning: ${warning}`, '');
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
    error instanceof PostgresUnreachableError ||
    error instanceof DemoAccountsInProductionError
  ) {
    console.error(error.message);
  } else {
    // Never the raw error: a failed query carries the values of its statement.
    console.error(`Dermis could not start: ${describeError(error)}`);
  }
  process.exit(1);
});
