/**
 * The durable outbox (decision 184) against a real SMTP listener of the test's own that is down, then
 * up: what patients get while it is down, that every queued e-mail arrives once when it is back, even
 * after a restart in between, that a permanent refusal fails at once, that attempts run out, and that
 * an expired two-step code is never sent.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { buildApp, type AppDeps } from '../../app';
import type { Config } from '../../config/env';
import { directMessage, mailOutbox, patientContact } from '../../db/schema';
import { mailRefusedReason } from '../../features/messages/message-transport';
import { MemoryCounterStore } from '../counters/memory-counter-store';
import { testConfig } from '../../test/config';
import { describeEachDatabase } from '../../test/database';
import { givenDirectAddress, givenDirectPractice } from '../../test/direct';
import { bearer, givenPractice, givenUser, signIn, type UserFixture } from '../../test/fixtures';
import { closedPort, useSmtpListeners } from '../../test/smtp-listener';
import type { MailOutbox } from './mail-outbox';
import { countMailByState } from './outbox-mailer';

const domain = 'direct.outbox.test';

describeEachDatabase('durable mail outbox', (t) => {
  const startListener = useSmtpListeners();
  const apps: FastifyInstance[] = [];
  let port: number;
  let config: Config;
  let maria: UserFixture;

  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()));
  });

  beforeEach(async () => {
    const practiceId = await givenPractice(t.db, 'Sunshine Dermatology');
    await givenDirectPractice(t.db, practiceId, domain, `clinic@${domain}`);
    maria = await givenUser(t.db, practiceId, { username: 'maria', firstName: 'Maria' });
    await givenDirectAddress(t.db, maria.patientId, `maria@${domain}`);
    await t.db.insert(patientContact).values({
      patientId: maria.patientId,
      type: 'EMAIL_ADDRESS',
      value: 'maria@example.com',
      active: true,
    });
    port = await closedPort();
    // One configuration for every instance of a test, as instances of one portal share theirs.
    config = testConfig({ smtpUrl: `smtp://127.0.0.1:${port}` });
  });

  /** An instance of the portal whose mail server is at `port` (down until a listener opens there). */
  async function startApp(mailOutbox: AppDeps['mailOutbox'] = { retry: { retryDelaySeconds: 0 } }) {
    const app = await buildApp(config, {
      database: t.database,
      counters: new MemoryCounterStore(),
      mailOutbox,
    });
    apps.push(app);
    return app;
  }
  const outboxOf = (app: FastifyInstance) => app.mailer as MailOutbox;

  async function compose(app: FastifyInstance, token: string, to: string) {
    return app.inject({
      method: 'POST',
      url: '/api/app/patient/email/send',
      headers: bearer(token),
      payload: {
        patientEmailInfo: {
          patientId: maria.patientId,
          to,
          subject: 'Hello',
          content: 'Hi',
          includeAttachments: false,
        },
      },
    });
  }
  const sentCopies = () =>
    t.db
      .select({
        status: directMessage.status,
        reason: directMessage.failureReason,
        folder: directMessage.folder,
      })
      .from(directMessage)
      .where(eq(directMessage.patientId, maria.patientId));
  const mailsTo = (address: string) =>
    t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, address));

  it('queues compose and forgotPassword while the mail server is down, and delivers each once when it is back, across a restart', async () => {
    const first = await startApp();
    const token = (await signIn(first, 'maria', maria.password)).accessToken;
    for (const to of ['a@example.org', 'b@example.org', 'c@example.org']) {
      const sent = await compose(first, token, to);
      expect(sent.statusCode, sent.body).toBe(200);
    }
    const forgot = await first.inject({
      method: 'POST',
      url: '/api/app/patient/forgotPassword',
      payload: { username: 'maria' },
    });
    expect(forgot.statusCode, forgot.body).toBe(200);

    // An attempt during the outage fails for now: queued, not Failed.
    expect(await outboxOf(first).deliverDue()).toBeGreaterThanOrEqual(4);
    const queued = await t.db.select().from(mailOutbox).where(eq(mailOutbox.state, 'QUEUED'));
    expect(queued.map((m) => m.toAddress).sort()).toEqual([
      'a@example.org',
      'b@example.org',
      'c@example.org',
      'maria@example.com',
    ]);
    expect(queued.map((m) => [m.attempts, m.lastError])).toEqual(Array(4).fill([1, 'Error ESOCKET']));
    expect((await sentCopies()).map((c) => [c.folder, c.status])).toEqual([
      ['SENT', 'QUEUED'],
      ['SENT', 'QUEUED'],
      ['SENT', 'QUEUED'],
    ]);
    expect((await countMailByState(t.db)).FAILED).toBe(0);

    // The instance stops; another starts on the same database; the mail server comes back.
    await first.close();
    apps.splice(apps.indexOf(first), 1);
    const second = await startApp();
    const listener = await startListener(undefined, port);
    await outboxOf(second).deliverDue();
    await outboxOf(second).deliverDue();

    const arrived = listener.received.map((m) => m.to.join()).sort();
    expect(arrived).toEqual(['a@example.org', 'b@example.org', 'c@example.org', 'maria@example.com']);
    expect(listener.received.find((m) => m.to[0] === 'maria@example.com')?.raw).toContain(
      'X-Dermis-Category: PASSWORD_RESET',
    );
    expect(await countMailByState(t.db)).toMatchObject({ QUEUED: 0, SENT: 4, FAILED: 0 });
    // The reset link was in the queued e-mail; once sent, the database keeps no copy of it.
    const [reset] = await mailsTo('maria@example.com');
    expect(reset).toMatchObject({ state: 'SENT', category: 'PASSWORD_RESET', textBody: '', htmlBody: '' });
    expect((await sentCopies()).map((c) => c.status)).toEqual(['SENT', 'SENT', 'SENT']);
  });

  it('shares the queue between two instances: every e-mail arrives once', async () => {
    const one = await startApp();
    const two = await startApp();
    const token = (await signIn(one, 'maria', maria.password)).accessToken;
    const addresses = Array.from({ length: 6 }, (_, i) => `friend${i}@example.org`);
    for (const [i, to] of addresses.entries())
      expect((await compose(i % 2 ? one : two, token, to)).statusCode).toBe(200);
    const listener = await startListener(undefined, port);
    await Promise.all([outboxOf(one).deliverDue(), outboxOf(two).deliverDue()]);
    await Promise.all([outboxOf(one).deliverDue(), outboxOf(two).deliverDue()]);
    expect(listener.received.map((m) => m.to.join()).sort()).toEqual(addresses);
  });

  it('an instance with a poll interval delivers in the background, and the copy becomes SENT', async () => {
    const app = await startApp({ pollSeconds: 1 });
    const listener = await startListener(undefined, port);
    const token = (await signIn(app, 'maria', maria.password)).accessToken;
    expect((await compose(app, token, 'friend@example.org')).statusCode).toBe(200);
    await expect
      .poll(async () => (await sentCopies()).map((c) => c.status), { timeout: 30_000, interval: 200 })
      .toEqual(['SENT']);
    expect(listener.received.map((m) => m.to.join())).toEqual(['friend@example.org']);
  });

  it('marks an e-mail Failed at once when the mail server refuses it for good (5xx)', async () => {
    const app = await startApp();
    const listener = await startListener(
      (address) => (address === 'gone@example.org' ? 550 : undefined),
      port,
    );
    const token = (await signIn(app, 'maria', maria.password)).accessToken;
    expect((await compose(app, token, 'gone@example.org')).statusCode).toBe(200);
    await outboxOf(app).deliverDue();

    const [mail] = await mailsTo('gone@example.org');
    expect(mail).toMatchObject({ state: 'FAILED', attempts: 1 });
    expect(mail?.lastError).toContain('550');
    expect(await sentCopies()).toEqual([{ folder: 'FAILED', status: 'FAILED', reason: mailRefusedReason }]);
    // Nothing is tried again.
    expect(await outboxOf(app).deliverDue()).toBe(0);
    expect(listener.received).toEqual([]);
  });

  it('keeps retrying a temporary refusal (4xx) and marks the e-mail Failed only when the attempts run out', async () => {
    const app = await startApp({ retry: { retryDelaySeconds: 0, retryLimit: 2 } });
    await startListener(() => 451, port);
    const token = (await signIn(app, 'maria', maria.password)).accessToken;
    expect((await compose(app, token, 'busy@example.org')).statusCode).toBe(200);

    const states: string[] = [];
    for (let attempt = 0; attempt < 4; attempt++) {
      await outboxOf(app).deliverDue();
      states.push((await mailsTo('busy@example.org'))[0]!.state);
    }
    expect(states).toEqual(['QUEUED', 'QUEUED', 'FAILED', 'FAILED']);
    expect((await mailsTo('busy@example.org'))[0]).toMatchObject({ attempts: 3 });
    expect((await sentCopies())[0]).toMatchObject({ folder: 'FAILED', status: 'FAILED' });
  });

  it('waits before a retry, longer after each failure', async () => {
    const app = await startApp({ retry: { retryDelaySeconds: 30 } });
    const token = (await signIn(app, 'maria', maria.password)).accessToken;
    expect((await compose(app, token, 'later@example.org')).statusCode).toBe(200);
    await outboxOf(app).deliverDue();
    const listener = await startListener(undefined, port);
    // The server is back, but the e-mail's wait is not over: nothing is taken.
    expect(await outboxOf(app).deliverDue()).toBe(0);
    expect(listener.received).toEqual([]);
    // An operator who knows the server is back does not wait.
    expect(await outboxOf(app).retryNow()).toBe(1);
    expect(await outboxOf(app).deliverDue()).toBe(1);
    expect(listener.received.map((m) => m.to.join())).toEqual(['later@example.org']);
  });

  it('never sends a two-step code after it has expired', async () => {
    const app = await startApp();
    const token = (await signIn(app, 'maria', maria.password)).accessToken;
    const added = await app.inject({
      method: 'POST',
      url: '/api/app/mfa/userProfiles/add',
      headers: bearer(token),
      payload: { type: 'EMAIL', value: 'maria.codes@example.org', userId: maria.userId, preferred: false },
    });
    expect(added.statusCode, added.body).toBe(200);
    const [queued] = await mailsTo('maria.codes@example.org');
    expect(queued).toMatchObject({ state: 'QUEUED', category: 'TWO_STEP_CODE' });
    expect(queued?.sendBefore).toBeInstanceOf(Date);

    // The mail server comes back only after the code's lifetime.
    const listener = await startListener(undefined, port);
    const afterExpiry = new Date(queued!.sendBefore!.getTime() + 1000);
    await outboxOf(app).deliverDue(afterExpiry);
    expect(listener.received).toEqual([]);
    expect((await mailsTo('maria.codes@example.org'))[0]).toMatchObject({ state: 'EXPIRED', attempts: 0 });
    expect(await outboxOf(app).deliverDue()).toBe(0);
    expect(listener.received).toEqual([]);
    expect(await countMailByState(t.db)).toMatchObject({ EXPIRED: 1, QUEUED: 0 });
  });

  it('sends a two-step code that is still valid', async () => {
    const app = await startApp();
    const listener = await startListener(undefined, port);
    const token = (await signIn(app, 'maria', maria.password)).accessToken;
    await app.inject({
      method: 'POST',
      url: '/api/app/mfa/userProfiles/add',
      headers: bearer(token),
      payload: { type: 'EMAIL', value: 'maria.codes@example.org', userId: maria.userId, preferred: false },
    });
    await outboxOf(app).deliverDue();
    expect(listener.received.map((m) => m.to.join())).toEqual(['maria.codes@example.org']);
    expect(
      await t.db
        .select({ state: mailOutbox.state })
        .from(mailOutbox)
        .where(and(eq(mailOutbox.category, 'TWO_STEP_CODE'), eq(mailOutbox.state, 'SENT'))),
    ).toHaveLength(1);
  });
});
