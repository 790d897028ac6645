/**
 * The durable outbox (decision 184): with a mail server configured, `send` stores the e-mail in
 * `mail_outbox` as QUEUED and a job of the pg-boss queue 'mail' in the same transaction, and answers
 * at once; a worker (in any instance) hands the e-mail to the server. A temporary failure (server
 * down, a 4xx reply) is retried by pg-boss with a doubling wait; the e-mail is FAILED only when the
 * attempts run out, or at once when the server refuses it for good (a 5xx reply). An e-mail past its
 * `sendBefore` (a two-step code) is never handed over: EXPIRED. Everything lives in the database, so
 * a restart or a crash loses nothing, and several instances share the queue (SKIP LOCKED).
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  fromDrizzle,
  PgBoss,
  type DrizzleTransactionLike,
  type JobWithMetadata,
  type SendOptions,
} from 'pg-boss';
import type { Database, Db } from '../../db/database';
import { mailOutbox, mailOutboxAttachment, type MailState } from '../../db/schema';
import { describeError } from '../safe-error';
import type { Mailer, MailMessage } from './mailer';
import { storeMail } from './outbox-mailer';

export const mailQueue = 'mail';

export interface MailRetryPolicy {
  /** Attempts after the first before the e-mail is FAILED. */
  retryLimit: number;
  /** Wait before the first retry, doubling (with jitter) after each failure, in seconds; 0: at once. */
  retryDelaySeconds: number;
  /** The longest wait between two attempts, in seconds. */
  retryDelayMaxSeconds: number;
}

/**
 * 12 retries waiting about 30 s, 1, 2, 4, 8, 16, 32 minutes and then an hour each: a mail server
 * back within a minute is tried again within a minute, and an e-mail is given up after about seven
 * hours of outage.
 */
export const defaultMailRetryPolicy: MailRetryPolicy = {
  retryLimit: 12,
  retryDelaySeconds: 30,
  retryDelayMaxSeconds: 3600,
};

/** What became of an e-mail once it left the queue. */
export type MailOutcome = Exclude<MailState, 'QUEUED'>;

export interface SettledMail {
  id: number;
  messageKey: string | null;
  state: MailOutcome;
}

interface MailJob {
  mailId: number;
}

export interface MailOutboxOptions {
  database: Database;
  /** Hands one e-mail to the mail server (SmtpMailer); throws when it did not take it. */
  transport: Mailer;
  logger?: FastifyBaseLogger;
  retry?: Partial<MailRetryPolicy>;
  /**
   * Poll for due e-mails every this many seconds and run pg-boss's maintenance (which returns the
   * jobs of a crashed instance to the queue); 0: nothing in the background, `deliverDue` only.
   */
  pollSeconds?: number;
  /** Told when an e-mail is settled, e.g. to move the messages-area copy it carries. */
  onSettled?: (mail: SettledMail) => Promise<void>;
}

export class MailOutbox implements Mailer {
  readonly queues = true;

  /** Each job carries its retry policy, so instances with different settings do not fight over the queue's. */
  private readonly jobOptions: SendOptions;

  private constructor(
    private readonly db: Db,
    private readonly boss: PgBoss,
    private readonly options: MailOutboxOptions,
  ) {
    const policy = { ...defaultMailRetryPolicy, ...options.retry };
    this.jobOptions = {
      retryLimit: policy.retryLimit,
      retryDelay: policy.retryDelaySeconds,
      ...(policy.retryDelaySeconds > 0
        ? { retryBackoff: true, retryDelayMax: policy.retryDelayMaxSeconds }
        : { retryBackoff: false }),
      // An attempt still unsettled after this is taken to have died with its instance, and retried.
      expireInSeconds: 15 * 60,
    };
  }

  static async open(options: MailOutboxOptions): Promise<MailOutbox> {
    const background = (options.pollSeconds ?? 0) > 0;
    const boss = new PgBoss({
      db: options.database.jobDatabase,
      backend: options.database.kind === 'postgres' ? 'postgres' : 'pglite',
      // Migration 0140 created the schema; a newer pg-boss migrates it from there.
      createSchema: false,
      supervise: background,
      schedule: false,
    });
    // pg-boss reports background failures as events; an unhandled 'error' event would end the process.
    boss.on('error', (error) =>
      options.logger?.error({ error: describeError(error) }, 'mail queue maintenance failed'),
    );
    await boss.start();
    if (!(await boss.getQueue(mailQueue)))
      await boss.createQueue(mailQueue).catch(rethrowUnlessCreatedMeanwhile(boss));
    const outbox = new MailOutbox(options.database.db, boss, options);
    const work = {
      pollingIntervalSeconds: options.pollSeconds,
      batchSize: 1,
      includeMetadata: true,
    } as const;
    if (background)
      await boss.work<MailJob, void, typeof work>(mailQueue, work, async ([job]) => {
        if (!job) return;
        const failure = await outbox.attempt(job, new Date());
        // Thrown, pg-boss records the failure and schedules the retry (or fails the job).
        if (failure) throw failure;
      });
    return outbox;
  }

  /** Queues the e-mail; it resolves once the e-mail and its job are committed. */
  send(message: MailMessage): Promise<void> {
    return this.db.transaction((tx) => this.queueWithin(tx, message));
  }

  /** The same outbox writing through `tx`: the e-mail is queued only if `tx` commits. */
  within(tx: Db): Mailer {
    return { queues: true, send: (message) => this.queueWithin(tx, message), close: () => Promise.resolve() };
  }

  private async queueWithin(tx: Db, message: MailMessage): Promise<void> {
    const mailId = await storeMail(tx, message, 'QUEUED');
    await this.boss.send(mailQueue, { mailId } satisfies MailJob, {
      ...this.jobOptions,
      db: fromDrizzle(tx as unknown as DrizzleTransactionLike, sql),
    });
  }

  /**
   * Takes the e-mails that are due now (a first attempt, or a retry whose wait is over; at most 100)
   * and tries each once; the number taken. The background worker does the same; the CLI and tests call this.
   * `now` decides only whether an e-mail has expired.
   */
  async deliverDue(now: Date = new Date()): Promise<number> {
    // One fetch: a retry due at once (no wait configured) is not tried twice in one call.
    const jobs = await this.boss.fetch<MailJob>(mailQueue, { batchSize: 100, includeMetadata: true });
    for (const job of jobs) {
      const failure = await this.attempt(job, now);
      if (failure) await this.boss.fail(mailQueue, job.id, { error: failureKind(failure) });
      else await this.boss.complete(mailQueue, job.id);
    }
    return jobs.length;
  }

  /** Makes every e-mail waiting for a retry due now, e.g. when the mail server is known to be back. */
  async retryNow(): Promise<number> {
    const jobs = await this.boss.findJobs<MailJob>(mailQueue, { queued: true });
    let moved = 0;
    for (const job of jobs) {
      if (job.state !== 'retry') continue;
      const { updated } = await this.boss.update(mailQueue, undefined, {
        id: job.id,
        startAfter: new Date(),
      });
      moved += updated;
    }
    return moved;
  }

  /**
   * One attempt at one e-mail: undefined when the job is done with (sent, refused for good, expired,
   * or nothing left to do), or the temporary failure for pg-boss to retry.
   */
  private async attempt(job: JobWithMetadata<MailJob>, now: Date): Promise<Error | undefined> {
    const [mail] = await this.db.select().from(mailOutbox).where(eq(mailOutbox.id, job.data.mailId)).limit(1);
    // Settled already: an attempt that outlived its job's expiry, or a second worker. Nothing to send.
    if (!mail || mail.state !== 'QUEUED') return undefined;
    if (mail.sendBefore && mail.sendBefore.getTime() <= now.getTime()) {
      await this.settle(mail.id, mail.messageKey, 'EXPIRED', null);
      return undefined;
    }
    const attachments = await this.db
      .select()
      .from(mailOutboxAttachment)
      .where(eq(mailOutboxAttachment.mailId, mail.id))
      .orderBy(asc(mailOutboxAttachment.position));
    try {
      await this.options.transport.send({
        practiceId: mail.practiceId,
        to: mail.toAddress,
        subject: mail.subject,
        text: mail.textBody,
        html: mail.htmlBody,
        category: mail.category as MailMessage['category'],
        attachments: attachments.map((a) => ({
          fileName: a.fileName,
          contentType: a.contentType,
          content: a.content,
        })),
      });
    } catch (error) {
      const kind = failureKind(error);
      const lastTry = job.retryCount >= job.retryLimit;
      this.options.logger?.warn(
        { mailId: mail.id, attempt: job.retryCount + 1, error: kind },
        'the mail server did not take an e-mail',
      );
      if (permanentRefusal(error) || lastTry) {
        await this.settle(mail.id, mail.messageKey, 'FAILED', kind);
        return undefined;
      }
      await this.db
        .update(mailOutbox)
        .set({ attempts: sql`${mailOutbox.attempts} + 1`, lastError: kind })
        .where(eq(mailOutbox.id, mail.id));
      return error instanceof Error ? error : new Error(kind);
    }
    await this.settle(mail.id, mail.messageKey, 'SENT', null);
    return undefined;
  }

  /**
   * Records the outcome, once (a second worker finds the row settled). The bodies and attachments go:
   * a reset link or a code must not outlive its e-mail in the database, where only hashes are kept.
   */
  private async settle(id: number, messageKey: string | null, state: MailOutcome, error: string | null) {
    const settled = await this.db.transaction(async (tx) => {
      const rows = await tx
        .update(mailOutbox)
        .set({
          state,
          attempts: state === 'EXPIRED' ? mailOutbox.attempts : sql`${mailOutbox.attempts} + 1`,
          lastError: error,
          settledAt: sql`now()`,
          textBody: '',
          htmlBody: '',
        })
        .where(and(eq(mailOutbox.id, id), eq(mailOutbox.state, 'QUEUED')))
        .returning({ id: mailOutbox.id });
      if (rows.length > 0) await tx.delete(mailOutboxAttachment).where(eq(mailOutboxAttachment.mailId, id));
      return rows.length > 0;
    });
    if (settled) await this.options.onSettled?.({ id, messageKey, state });
  }

  /** Stops the worker, waiting for an attempt in progress; the queue stays in the database. */
  async close(): Promise<void> {
    await this.boss.stop({ graceful: true, close: false });
    await this.options.transport.close();
  }
}

/**
 * A refusal that will not change on another attempt: a permanent SMTP reply (5xx) to any command.
 * 503 (commands out of sequence) is the client's own fault and may pass on a new connection.
 */
function permanentRefusal(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600 && code !== 503;
}

/** The failure's class, nodemailer code and reply code; never the server's words (they may quote addresses). */
function failureKind(error: unknown): string {
  if (!(error instanceof Error)) return 'unknown';
  const e = error as Error & { code?: unknown; responseCode?: unknown };
  return [
    e.name,
    typeof e.code === 'string' ? e.code : null,
    typeof e.responseCode === 'number' ? e.responseCode : null,
  ]
    .filter((part) => part !== null)
    .join(' ');
}

/** Two instances starting at once may both create the queue; the second finds it made. */
function rethrowUnlessCreatedMeanwhile(boss: PgBoss) {
  return async (error: unknown) => {
    if (!(await boss.getQueue(mailQueue))) throw error;
  };
}
