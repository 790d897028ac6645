/**
 * Periodic jobs shared by every server instance (decision 107). The database holds the schedule: one
 * `scheduled_job` row per job with its next run and a lease. An instance runs a job only after
 * claiming its row (SELECT … FOR UPDATE SKIP LOCKED in a short transaction, then a lease), so several
 * instances polling the same database run each pass once, and a restart or a crash loses nothing: an
 * unfinished lease simply expires. The in-process timer only decides how often to ask.
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { and, eq, isNull, lte, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { scheduledJob } from '../../db/schema';

export interface JobDefinition {
  /** The row's key, e.g. 'reminders'. */
  name: string;
  /** Seconds between the end of one run and the next. */
  intervalSeconds: number;
  /**
   * Seconds a claim stays valid. A run that takes longer may overlap with another instance's next
   * run, so the job itself must stay correct under overlap (reminders are keyed per e-mail).
   */
  leaseSeconds: number;
  /** Should return soon after `signal` aborts (the instance is shutting down); the next run goes on. */
  run(signal: AbortSignal): Promise<void>;
}

export type JobOutcome =
  | { status: 'RAN' }
  | { status: 'FAILED'; error: unknown }
  /** Not due yet, or another instance holds the lease. */
  | { status: 'SKIPPED' };

/** An id naming this process in `scheduled_job.locked_by` (host, pid and a random part). */
export function workerId(): string {
  return `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
}

/**
 * Runs `job` if it is due and no other worker holds it. `force` ignores the schedule (the CLI's
 * "run now") but never another worker's lease.
 */
export async function runJobIfDue(
  db: Db,
  job: JobDefinition,
  worker: string,
  options: { force?: boolean; signal?: AbortSignal } = {},
): Promise<JobOutcome> {
  await db.insert(scheduledJob).values({ name: job.name }).onConflictDoNothing();
  if (!(await claim(db, job, worker, options.force ?? false))) return { status: 'SKIPPED' };
  let failure: unknown;
  try {
    await job.run(options.signal ?? new AbortController().signal);
  } catch (error) {
    failure = error;
  }
  await db
    .update(scheduledJob)
    .set({
      lockedBy: null,
      lockedUntil: null,
      lastFinishedAt: sql`now()`,
      nextRunAt: sql`now() + make_interval(secs => ${job.intervalSeconds})`,
      // Only the error's class: a database error's message can quote the values of a statement.
      lastError: failure === undefined ? null : errorName(failure),
      runCount: sql`${scheduledJob.runCount} + 1`,
    })
    .where(and(eq(scheduledJob.name, job.name), eq(scheduledJob.lockedBy, worker)));
  return failure === undefined ? { status: 'RAN' } : { status: 'FAILED', error: failure };
}

async function claim(db: Db, job: JobDefinition, worker: string, force: boolean): Promise<boolean> {
  return db.transaction(async (tx) => {
    // SKIP LOCKED: an instance that finds the row being claimed by another moves on instead of
    // waiting and then running the same pass again.
    const [row] = await tx
      .select({ name: scheduledJob.name })
      .from(scheduledJob)
      .where(
        and(
          eq(scheduledJob.name, job.name),
          force ? undefined : lte(scheduledJob.nextRunAt, sql`now()`),
          or(isNull(scheduledJob.lockedUntil), lt(scheduledJob.lockedUntil, sql`now()`)),
        ),
      )
      .for('update', { skipLocked: true });
    if (!row) return false;
    await tx
      .update(scheduledJob)
      .set({
        lockedBy: worker,
        lockedUntil: sql`now() + make_interval(secs => ${job.leaseSeconds})`,
        lastStartedAt: sql`now()`,
      })
      .where(eq(scheduledJob.name, job.name));
    return true;
  });
}

function errorName(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return typeof code === 'string' ? `${error.name} ${code}` : error.name;
  }
  return 'non-error thrown';
}

export interface JobPoller {
  /** Stops polling, asks a run in progress to stop early, and waits for it. */
  stop(): Promise<void>;
}

/**
 * Asks the database every `pollSeconds` whether each job is due and runs it if this instance wins
 * the claim. The timer is unref'd and never the source of truth.
 */
export function startJobPoller(options: {
  db: Db;
  jobs: readonly JobDefinition[];
  pollSeconds: number;
  onOutcome?: (job: JobDefinition, outcome: JobOutcome) => void;
}): JobPoller {
  const worker = workerId();
  const abort = new AbortController();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();

  const tick = async () => {
    for (const job of options.jobs) {
      if (stopped) return;
      let outcome: JobOutcome;
      try {
        outcome = await runJobIfDue(options.db, job, worker, { signal: abort.signal });
      } catch (error) {
        // The database was unreachable for the claim: try again at the next tick.
        outcome = { status: 'FAILED', error };
      }
      options.onOutcome?.(job, outcome);
    }
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = tick().finally(schedule);
    }, options.pollSeconds * 1000);
    timer.unref();
  };
  // The first check soon after start, spread a little so instances started together do not collide.
  timer = setTimeout(
    () => {
      running = tick().finally(schedule);
    },
    1000 + Math.floor(Math.random() * 2000),
  );
  timer.unref();

  return {
    stop: async () => {
      stopped = true;
      abort.abort();
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
