import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { publicConfigResponse } from '@dermis/contract';
import { expect, it } from 'vitest';
import { buildApp } from './app';
import { createLogger } from './lib/logger';
import { useTestApp } from './test/app';
import { testConfig } from './test/config';
import { describeEachDatabase } from './test/database';
import { bearer, givenPractice, givenUser, signIn } from './test/fixtures';

describeEachDatabase('the HTTP application', (t) => {
  const newApp = useTestApp(t);

  it('GET /healthz answers ok (liveness) and GET /readyz names each service it asked', async () => {
    const app = await newApp();
    const response = await app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    const ready = await app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({
      status: 'ready',
      checks: { database: 'ok', redis: 'off', blobStore: 'ok' },
    });
  });

  it('GET /api/config answers the environment and version, and no development menu by default', async () => {
    const app = await newApp({ environment: 'development', appVersion: '9.9.9' });
    const response = await app.inject({ method: 'GET', url: '/api/config' });
    expect(response.json()).toEqual({
      environment: 'development',
      version: '9.9.9',
      developmentMenu: false,
      mapTileUrl: null,
      mapTileAttribution: null,
      mapPmtilesUrl: null,
    });
    const withMenu = await newApp({ environment: 'development', developmentMenu: true });
    const config = (await withMenu.inject({ method: 'GET', url: '/api/config' })).json<unknown>();
    expect(publicConfigResponse.parse(config)).toMatchObject({ developmentMenu: true });
  });

  it('names the map tile server in /api/config and admits only its origin in the CSP (decision 088)', async () => {
    const bare = await newApp({ webDist: webBuild() });
    const bareCsp = String(
      (await bare.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } })).headers[
        'content-security-policy'
      ],
    );
    expect(bareCsp).toMatch(/img-src 'self' data: blob:;/);

    const tileUrl = 'https://{s}.tiles.example.org/osm/{z}/{x}/{y}.png';
    const app = await newApp({ webDist: webBuild(), mapTileUrl: tileUrl, mapTileAttribution: '© Example' });
    const config = await app.inject({ method: 'GET', url: '/api/config' });
    expect(config.json()).toMatchObject({ mapTileUrl: tileUrl, mapTileAttribution: '© Example' });
    const csp = String(
      (await app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } })).headers[
        'content-security-policy'
      ],
    );
    expect(csp).toContain("img-src 'self' data: blob: https://*.tiles.example.org;");
    expect(csp).toContain("connect-src 'self';");
  });

  it('answers unknown API paths with 404 in the error shape, even for browsers', async () => {
    const app = await newApp({ webDist: webBuild() });
    for (const url of ['/api/nothing', '/api/app/patient/nothing', '/api']) {
      const response = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ error: 'NOT_FOUND', message: 'Not found.' });
    }
    expect((await app.inject({ method: 'DELETE', url: '/api/auth/login' })).statusCode).toBe(404);
  });

  it('serves the web build and falls back to index.html for page navigations', async () => {
    const app = await newApp({ webDist: webBuild() });
    const page = await app.inject({
      method: 'GET',
      url: '/my-health-profile',
      headers: { accept: 'text/html,application/xhtml+xml' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root">');
    const asset = await app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toContain('console.log');
    expect(asset.headers['cache-control']).toContain('immutable');
    // A page address answers the app whatever the client accepts (curl, link checkers).
    const plain = await app.inject({ method: 'GET', url: '/login' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['cache-control']).toBe('no-cache');
    // Not a page navigation: no fallback.
    expect(
      (await app.inject({ method: 'GET', url: '/missing.png', headers: { accept: 'image/*' } })).statusCode,
    ).toBe(404);
  });

  it('never answers the web page under /fhir or /oauth2', async () => {
    const app = await newApp({ webDist: webBuild() });
    const html = { accept: 'text/html,application/xhtml+xml' };
    for (const url of ['/fhir', '/fhir/r5/metadata', '/fhir/r4/Patient/1/_history', '/fhir?x=1']) {
      const response = await app.inject({ method: 'GET', url, headers: html });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toContain('application/fhir+json');
      expect(response.json(), url).toMatchObject({ resourceType: 'OperationOutcome' });
    }
    for (const url of ['/oauth2', '/oauth2/unknown?client_id=x']) {
      const response = await app.inject({ method: 'GET', url, headers: html });
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).not.toContain('<div id="root">');
    }
    // The authorization endpoint itself answers a request without its parameters as OAuth does.
    const authorize = await app.inject({ method: 'GET', url: '/oauth2/authorize', headers: html });
    expect(authorize.statusCode).toBe(400);
    expect(authorize.body).not.toContain('<div id="root">');
    // A page whose name merely starts the same is still a page.
    expect((await app.inject({ method: 'GET', url: '/fhirst', headers: html })).statusCode).toBe(200);
  });

  it('answers 404 for pages when there is no web build', async () => {
    const app = await newApp({ webDist: path.join(os.tmpdir(), 'no-such-dermis-web') });
    expect(
      (await app.inject({ method: 'GET', url: '/login', headers: { accept: 'text/html' } })).statusCode,
    ).toBe(404);
  });

  it('sends a strict Content-Security-Policy', async () => {
    const app = await newApp({ webDist: webBuild() });
    const response = await app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("img-src 'self' data:");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('allows scripts from the portal alone when the page has no inline script, or there is no page', async () => {
    const page = await newApp({ webDist: webBuild() });
    const served = await page.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(String(served.headers['content-security-policy'])).toContain("script-src 'self';");
    const apiOnly = await newApp({ webDist: path.join(os.tmpdir(), 'no-such-dermis-web') });
    const answer = await apiOnly.inject({ method: 'GET', url: '/api/config' });
    expect(String(answer.headers['content-security-policy'])).toContain("script-src 'self';");
  });

  it("allows the served page's inline script by its hash, and no other inline script (decision 303)", async () => {
    const app = await newApp({ webDist: webBuild(earlyScript) });
    const served = await app.inject({
      method: 'GET',
      url: '/appointments',
      headers: { accept: 'text/html' },
    });
    const scriptSrc = /script-src ([^;]*)/.exec(String(served.headers['content-security-policy']))?.[1];
    const [, inline] = /<script>([\s\S]*?)<\/script>/.exec(served.body) ?? [];
    expect(inline).toBe(earlyScript);
    expect(scriptSrc).toBe(`'self' ${sha256Source(inline!)}`);
    // One character more and the browser's hash of it is another: it would not run.
    expect(scriptSrc).not.toContain(sha256Source(`${inline!} `));
    expect(scriptSrc).not.toContain('unsafe-inline');
    // The same policy on every answer, the API's included.
    const api = await app.inject({ method: 'GET', url: '/api/config' });
    expect(String(api.headers['content-security-policy'])).toContain(`script-src ${scriptSrc!};`);
  });

  it('keeps passwords and tokens out of the log', async () => {
    const lines: string[] = [];
    const logger = createLogger('trace', { write: (line: string) => void lines.push(line) });
    const app = await buildApp(testConfig(), { database: t.database, logger });
    try {
      const user = await givenUser(t.db, await givenPractice(t.db), { password: 'VerySecret9' });
      const session = await signIn(app, user.username, user.password);
      await app.inject({
        method: 'GET',
        url: '/api/auth/refreshToken/getAccessToken',
        headers: bearer(session.refreshToken),
      });
      app.log.info(
        { password: 'VerySecret9', body: { newPassword: 'VerySecret9', refreshToken: session.refreshToken } },
        'probe',
      );
      app.log.info({ req: { headers: { authorization: `Bearer ${session.accessToken}` } } }, 'probe');
    } finally {
      await app.close();
    }
    const log = lines.join('');
    expect(log).toContain('probe');
    expect(log).toContain('[redacted]');
    expect(log).not.toContain('VerySecret9');
    // Any JWT would start with the encoded HS256 header.
    expect(log).not.toContain('eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9');
  });
});

/** The browser's form of an inline script's hash in a policy. */
function sha256Source(script: string): string {
  return `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;
}

/** An inline script as the web build writes one: classic, first in <head>. */
const earlyScript =
  "(function () {\n  if (localStorage.getItem('s') !== null) document.title = 'é';\n})();\n";

/** A minimal web build in a temporary folder, with `inlineScript` first in its <head> when given. */
function webBuild(inlineScript?: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dermis-web-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  const head = inlineScript === undefined ? '' : `<script>${inlineScript}</script>`;
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    `<!doctype html><html><head>${head}<script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>`,
  );
  fs.writeFileSync(path.join(dir, 'assets', 'app.js'), 'console.log("dermis")');
  return dir;
}
