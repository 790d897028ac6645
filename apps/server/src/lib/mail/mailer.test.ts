import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema';
import { describeEachDatabase } from '../../test/database';
import { RecipientRefusedError } from './mailer';
import { OutboxMailer } from './outbox-mailer';
import { SmtpMailer } from './smtp-mailer';
import { renderMail } from './template';

const message = {
  practiceId: null,
  to: 'maria@example.org',
  subject: 'Sunshine Dermatology: Create your account',
  text: 'Hello Maria\nhttp://localhost/account/create/abc',
  html: '<p>Hello Maria</p>',
  category: 'ACCOUNT_INVITATION' as const,
};

describe('SMTP mailer', () => {
  let server: SMTPServer | undefined;
  afterEach(async () => {
    if (server) await new Promise<void>((resolve) => server!.close(() => resolve()));
  });

  it('delivers text and HTML to a real SMTP listener', async () => {
    const received: { from: string; to: string[]; data: string }[] = [];
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        let data = '';
        stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            data,
          });
          callback();
        });
      },
    });
    server.listen(0, '127.0.0.1');
    await once(server.server, 'listening');
    const { port } = server.server.address() as AddressInfo;

    const mailer = new SmtpMailer(`smtp://127.0.0.1:${port}`, 'Dermis <no-reply@dermis.test>');
    await mailer.send(message);
    await mailer.close();

    expect(received).toHaveLength(1);
    expect(received[0]!.from).toBe('no-reply@dermis.test');
    expect(received[0]!.to).toEqual(['maria@example.org']);
    expect(received[0]!.data).toContain('Subject: Sunshine Dermatology: Create your account');
    expect(received[0]!.data).toContain('Content-Type: text/plain');
    expect(received[0]!.data).toContain('Content-Type: text/html');
    expect(received[0]!.data).toContain('X-Dermis-Category: ACCOUNT_INVITATION');
  });

  it('reports a server that refuses the message', async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onRcptTo(_address, _session, callback) {
        callback(new Error('mailbox unavailable'));
      },
    });
    server.listen(0, '127.0.0.1');
    await once(server.server, 'listening');
    const { port } = server.server.address() as AddressInfo;
    const mailer = new SmtpMailer(`smtp://127.0.0.1:${port}`, 'no-reply@dermis.test');
    await expect(mailer.send(message)).rejects.toThrow(/mailbox unavailable/);
    await mailer.close();
  });

  it('tells a permanent refusal of the address (5xx at RCPT TO) from a temporary one (4xx)', async () => {
    let code = 550;
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onRcptTo(_address, _session, callback) {
        callback(Object.assign(new Error('mailbox unavailable'), { responseCode: code }));
      },
    });
    server.listen(0, '127.0.0.1');
    await once(server.server, 'listening');
    const { port } = server.server.address() as AddressInfo;
    const mailer = new SmtpMailer(`smtp://127.0.0.1:${port}`, 'no-reply@dermis.test');
    try {
      const permanent = await mailer.send(message).catch((error: unknown) => error);
      expect(permanent).toBeInstanceOf(RecipientRefusedError);
      expect(permanent).toMatchObject({ responseCode: 550 });
      expect((permanent as Error).message).toMatch(/550 mailbox unavailable/);
      code = 451;
      const temporary = await mailer.send(message).catch((error: unknown) => error);
      expect(temporary).toBeInstanceOf(Error);
      expect(temporary).not.toBeInstanceOf(RecipientRefusedError);
      expect(temporary).toMatchObject({ responseCode: 451 });
    } finally {
      await mailer.close();
    }
  });
});

describeEachDatabase('outbox mailer', (t) => {
  it('keeps the message in the database', async () => {
    await new OutboxMailer(t.db).send(message);
    const rows = await t.db.select().from(mailOutbox);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ toAddress: 'maria@example.org', category: 'ACCOUNT_INVITATION' });
  });
});

describe('mail template', () => {
  it('names the practice, escapes what it inserts and carries the link in both bodies', () => {
    const mail = renderMail({
      practiceName: 'Sun & Skin <Clinic>',
      subject: 'Reset your password',
      greeting: 'Hello Maria,',
      paragraphs: ['Someone asked to reset the password of your account.'],
      action: { label: 'Reset password', url: 'http://localhost:8080/password/reset/t0k"en' },
    });
    expect(mail.subject).toBe('Sun & Skin <Clinic>: Reset your password');
    expect(mail.text).toContain('Reset password: http://localhost:8080/password/reset/t0k"en');
    expect(mail.html).toContain('Sun &amp; Skin &lt;Clinic&gt;');
    expect(mail.html).toContain('href="http://localhost:8080/password/reset/t0k&quot;en"');
    expect(mail.html).not.toContain('<Clinic>');
  });
});
