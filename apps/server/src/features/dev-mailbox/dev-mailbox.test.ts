import { describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/database';
import { useTestApp } from '../../test/app';
import { renderMail } from '../../lib/mail/template';
import { linkify } from './dev-mailbox.pages';

describeEachDatabase('dev mailbox', (t) => {
  const buildApp = useTestApp(t);

  async function sendTwo(app: Awaited<ReturnType<typeof buildApp>>) {
    const first = renderMail({
      practiceName: 'Sun & Skin',
      subject: 'Create your account',
      greeting: 'Hello,',
      paragraphs: ['Your clinic invites you.'],
      action: { label: 'Create account', url: 'http://localhost:8080/account/create/abc?x=1&y=2' },
    });
    await app.mailer.send({
      practiceId: null,
      to: 'Maria@Example.org',
      category: 'ACCOUNT_INVITATION',
      ...first,
    });
    const second = renderMail({
      practiceName: 'Sun & Skin',
      subject: '<b>Second</b>',
      greeting: 'Hi',
      paragraphs: [],
    });
    await app.mailer.send({
      practiceId: null,
      to: 'other@example.org',
      category: 'SECURITY_NOTICE',
      ...second,
    });
  }

  it('lists messages newest first as accessible HTML with links to each message', async () => {
    const app = await buildApp();
    await sendTwo(app);
    const res = await app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.body).toContain('<h1>Development mailbox</h1>');
    expect(res.body).toContain('&lt;b&gt;Second&lt;/b&gt;');
    expect(res.body).not.toContain('<b>Second</b>');
    expect(res.body.indexOf('/dev/mailbox/2')).toBeLessThan(res.body.indexOf('/dev/mailbox/1'));
    expect(res.body).not.toContain('<script');
  });

  it('shows one message with its link clickable', async () => {
    const app = await buildApp();
    await sendTwo(app);
    const res = await app.inject({ method: 'GET', url: '/dev/mailbox/1' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Maria@Example.org');
    expect(res.body).toContain('<a href="http://localhost:8080/account/create/abc?x=1&amp;y=2">');
    expect((await app.inject({ method: 'GET', url: '/dev/mailbox/99' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/dev/mailbox/abc' })).statusCode).toBe(404);
  });

  it('answers JSON filtered by recipient, case-insensitively, newest first', async () => {
    const app = await buildApp();
    await sendTwo(app);
    const all = (await app.inject({ method: 'GET', url: '/dev/mailbox/messages.json' })).json<
      { id: number }[]
    >();
    expect(all.map((m) => m.id)).toEqual([2, 1]);
    const res = await app.inject({ method: 'GET', url: '/dev/mailbox/messages.json?to=maria%40example.org' });
    const mails = res.json<Record<string, unknown>[]>();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ id: 1, to: 'Maria@Example.org', category: 'ACCOUNT_INVITATION' });
    expect(Object.keys(mails[0]!).sort()).toEqual([
      'attachments',
      'category',
      'createdAt',
      'html',
      'id',
      'subject',
      'text',
      'to',
    ]);
  });

  it('lists the attachments of a message and serves their bytes', async () => {
    const app = await buildApp();
    const zip = Buffer.from([0x50, 0x4b, 0x05, 0x06, ...new Array<number>(18).fill(0)]);
    await app.mailer.send({
      practiceId: null,
      to: 'doctor@example.org',
      category: 'HEALTH_SUMMARY',
      ...renderMail({ practiceName: 'Sun & Skin', subject: 'Summary', greeting: 'Hello,', paragraphs: [] }),
      attachments: [{ fileName: 'Maria_Health_Summary.zip', contentType: 'application/zip', content: zip }],
    });
    const [mail] = (await app.inject({ method: 'GET', url: '/dev/mailbox/messages.json' })).json<
      { attachments: { fileName: string; size: number; url: string }[] }[]
    >();
    expect(mail!.attachments).toEqual([
      {
        fileName: 'Maria_Health_Summary.zip',
        contentType: 'application/zip',
        size: 22,
        url: mail!.attachments[0]!.url,
      },
    ]);
    expect(mail!.attachments[0]!.url).toMatch(/^\/dev\/mailbox\/\d+\/attachments\/0$/);
    const file = await app.inject({ method: 'GET', url: mail!.attachments[0]!.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toBe('attachment; filename="Maria_Health_Summary.zip"');
    expect(file.rawPayload.equals(zip)).toBe(true);
    expect(
      (await app.inject({ method: 'GET', url: `${mail!.attachments[0]!.url.slice(0, -1)}9` })).statusCode,
    ).toBe(404);
  });

  it('answers only this machine: another address, or a request a proxy forwarded, finds nothing', async () => {
    const app = await buildApp({ environment: 'development' });
    await sendTwo(app);
    const urls = [
      '/dev/mailbox',
      '/dev/mailbox/1',
      '/dev/mailbox/messages.json',
      '/dev/mailbox/1/attachments/0',
    ];
    for (const url of urls) {
      for (const remoteAddress of ['203.0.113.9', '192.168.1.20', '::ffff:10.0.0.5', 'fe80::1']) {
        const res = await app.inject({ method: 'GET', url, remoteAddress });
        expect(res.statusCode, `${url} from ${remoteAddress}`).toBe(404);
        expect(res.body).not.toContain('Maria@Example.org');
      }
      // A proxy on this machine passes others' requests on: its forwarding header gives it away.
      for (const header of ['x-forwarded-for', 'forwarded', 'x-real-ip']) {
        const res = await app.inject({ method: 'GET', url, headers: { [header]: '203.0.113.9' } });
        expect(res.statusCode, `${url} with ${header}`).toBe(404);
      }
    }
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const res = await app.inject({ method: 'GET', url: '/dev/mailbox', remoteAddress });
      expect(res.statusCode, remoteAddress).toBe(200);
      expect(res.body).toContain('Maria@Example.org');
    }

    // Behind a trusted proxy, a client claiming to be this machine is still someone else.
    const proxied = await buildApp({ environment: 'development', trustProxy: true });
    const claimed = await proxied.inject({
      method: 'GET',
      url: '/dev/mailbox/messages.json',
      remoteAddress: '203.0.113.9',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(claimed.statusCode).toBe(404);
  });

  it('does not exist in production', async () => {
    const app = await buildApp({ environment: 'production' });
    for (const url of ['/dev/mailbox', '/dev/mailbox/1', '/dev/mailbox/messages.json'])
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });

  it('does not exist when mail goes to an SMTP server', async () => {
    const app = await buildApp({ smtpUrl: 'smtp://127.0.0.1:2525' });
    for (const url of ['/dev/mailbox', '/dev/mailbox/1', '/dev/mailbox/messages.json'])
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });
});

describe('linkify', () => {
  it('escapes text and links only http(s) addresses', () => {
    expect(linkify('a <b> http://x.test/p?a=1&b=2 javascript:alert(1)')).toBe(
      'a &lt;b&gt; <a href="http://x.test/p?a=1&amp;b=2">http://x.test/p?a=1&amp;b=2</a> javascript:alert(1)',
    );
  });
});
