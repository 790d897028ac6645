import { expect, it } from 'vitest';
import { scheduledJob } from '../../db/schema';
import { useTestApp } from '../../test/app';
import { describeEachDatabase } from '../../test/database';
import { givenPracticeWithKey, givenUser } from '../../test/fixtures';

const token = 'scrape-token-0123456789';

/** The value of one sample in Prometheus's text format, whatever the order of its labels. */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-z_]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = new Map([...(match[2] ?? '').matchAll(/([a-z_]+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([key, value]) => found.get(key) === value)) return Number(match[3]);
  }
  return undefined;
}

describeEachDatabase('operator metrics', (t) => {
  const newApp = useTestApp(t);

  it('is not served at all without METRICS_TOKEN', async () => {
    const app = await newApp();
    const answer = await app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(answer.statusCode).toBe(404);
  });

  it('refuses a scrape without the token, or with another', async () => {
    const app = await newApp({ metricsToken: token });
    for (const headers of [
      {},
      { authorization: 'Bearer wrong-token-0123456789' },
      { authorization: token },
    ]) {
      const answer = await app.inject({ method: 'GET', url: '/metrics', headers });
      expect(answer.statusCode).toBe(401);
      expect(answer.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    }
  });

  it('counts requests by route template, sign-in failures and lock-outs, and names no patient', async () => {
    const { practiceId, apiKey } = await givenPracticeWithKey(t.db);
    await givenUser(t.db, practiceId, { username: 'maria', password: 'Secret123' });
    const app = await newApp({ metricsToken: token, loginMaxFailuresPerUsername: 2 });
    const login = (password: string) =>
      app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'maria', password } });
    expect((await login('Wrong1234')).statusCode).toBe(401);
    expect((await login('Wrong1234')).statusCode).toBe(401);
    expect((await login('Secret123')).statusCode).toBe(429);
    await t.db
      .insert(scheduledJob)
      .values({ name: 'reminders', lastFinishedAt: new Date('2026-11-29T06:00:00Z') });
    const mrn = 'MRN-SECRET-4711';
    const profile = await app.inject({
      method: 'GET',
      url: `/api/integration/patients/${mrn}/consents`,
      headers: { 'x-api-key': apiKey },
    });
    expect(profile.statusCode).toBe(404);

    const scrape = await app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(scrape.statusCode).toBe(200);
    expect(scrape.headers['content-type']).toContain('text/plain');
    const text = scrape.body;
    const login401 = { method: 'POST', route: '/api/auth/login', status: '401' };
    expect(sample(text, 'dermis_http_requests_total', login401)).toBe(2);
    expect(sample(text, 'dermis_sign_in_failures_total', {})).toBe(2);
    expect(sample(text, 'dermis_sign_in_lockouts_total', {})).toBe(1);
    const loginRoute = { method: 'POST', route: '/api/auth/login' };
    expect(sample(text, 'dermis_http_request_duration_seconds_count', loginRoute)).toBe(3);
    const consents = {
      method: 'GET',
      route: '/api/integration/patients/:externalId/consents',
      status: '404',
    };
    expect(sample(text, 'dermis_http_requests_total', consents)).toBe(1);
    expect(text).not.toContain(mrn);
    expect(sample(text, 'dermis_scheduled_job_last_run_timestamp_seconds', { job: 'reminders' })).toBe(
      Date.parse('2026-11-29T06:00:00Z') / 1000,
    );
    expect(sample(text, 'dermis_scheduled_job_running', { job: 'reminders' })).toBe(0);
    expect(sample(text, 'dermis_mail_queue_messages', { state: 'QUEUED' })).toBe(0);
    expect(sample(text, 'dermis_mail_queue_messages', { state: 'FAILED' })).toBe(0);
    expect(sample(text, 'process_resident_memory_bytes', {})).toBeGreaterThan(0);
    const poolTotal = sample(text, 'dermis_db_pool_connections', { state: 'total' });
    if (t.variant === 'PostgreSQL') expect(poolTotal).toBeGreaterThan(0);
    else expect(poolTotal).toBeUndefined();
  });
});
