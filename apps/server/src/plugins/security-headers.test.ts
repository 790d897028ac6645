import { expect, it } from 'vitest';
import { useTestApp } from '../test/app';
import { describeEachDatabase } from '../test/database';
import { bearer, givenPractice, givenUser, signIn } from '../test/fixtures';

describeEachDatabase('caching and transport headers', (t) => {
  const newApp = useTestApp(t);

  it('answers every /api route, and unknown /api paths, with Cache-Control: no-store', async () => {
    const app = await newApp();
    const user = await givenUser(t.db, await givenPractice(t.db));
    const { accessToken } = await signIn(app, user.username, user.password);
    const routes = app.routeTable.filter((r) => r.url.startsWith('/api/') && r.method !== 'HEAD');
    expect(routes.length).toBeGreaterThan(20);
    const urls = [...routes.map((r) => ({ ...r, url: r.url.replace(/:\w+/g, '1') }))];
    urls.push({ method: 'GET', url: '/api/no/such/call' }, { method: 'GET', url: '/api' });
    for (const { method, url } of urls) {
      for (const headers of [{}, bearer(accessToken)]) {
        const response = await app.inject({
          method: method as 'GET',
          url,
          headers,
          ...(method === 'GET' ? {} : { payload: {} }),
        });
        expect(response.headers['cache-control'], `${method} ${url} ${response.statusCode}`).toBe('no-store');
      }
    }
    // Not an API answer: the health check keeps the default.
    expect((await app.inject({ method: 'GET', url: '/healthz' })).headers['cache-control']).toBeUndefined();
  });

  it('sends helmet’s headers on API answers, errors and unknown paths alike', async () => {
    const app = await newApp();
    for (const url of ['/api/config', '/api/app/patient/getByUsername', '/api/no/such/call', '/healthz']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.headers['x-frame-options'], url).toBe('DENY');
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(String(response.headers['content-security-policy']), url).toContain("frame-ancestors 'none'");
    }
  });

  it('sends HSTS only on answers to HTTPS requests', async () => {
    const direct = await newApp({ trustProxy: false });
    const plain = await direct.inject({ method: 'GET', url: '/api/config' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    // An untrusted client cannot claim HTTPS.
    const spoofed = await direct.inject({
      method: 'GET',
      url: '/api/config',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();

    const proxied = await newApp({ trustProxy: true });
    const overHttps = await proxied.inject({
      method: 'GET',
      url: '/api/config',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(overHttps.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const overHttp = await proxied.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-forwarded-proto': 'http' },
    });
    expect(overHttp.headers['strict-transport-security']).toBeUndefined();
  });
});
