/**
 * A SMART health app written by others, as a patient would use one: SMART Health IT's JavaScript
 * client (the `fhirclient` package, its browser bundle unchanged) in two tiny pages served on a
 * loopback address of its own, so the portal sees a separate origin and a native-app style
 * redirect (`http://127.0.0.1:<any port>/…`, which the demo's public client `dermis-demo-app`
 * accepts). `launch.html` starts the authorization; `/callback`, the path the demo client registers,
 * is the redirect address, where
 * `FHIR.oauth2.ready()` finishes it and keeps the client on `window.smart` for the test to read with.
 */
import http from 'node:http';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';

const require = createRequire(import.meta.url);
const bundle = require.resolve('fhirclient/build/fhir-client.js');

/** The demo practice's public client (the authorization server registers it with any loopback port). */
export const demoClientId = 'dermis-demo-app';
export const smartScope = 'launch/patient openid fhirUser offline_access patient/*.rs';

export interface SmartApp {
  /** Where the app starts: opening it sends the browser to the portal's authorization. */
  launchUrl: string;
  /** The app's redirect address. */
  redirectUrl: string;
  close: () => Promise<void>;
}

const page = (body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Health Diary</title>` +
  `<script src="/fhir-client.js"></script></head><body><main><h1>Health Diary</h1>${body}</main></body></html>`;

function launchPage(iss: string): string {
  const options = JSON.stringify({
    iss,
    clientId: demoClientId,
    scope: smartScope,
    redirectUri: '/callback',
  });
  // A failure (no SMART configuration, a refused client) is shown rather than left in the console.
  return page(
    `<p id="status">Connecting…</p><script>FHIR.oauth2.authorize(${options}).catch((error) => ` +
      `{ document.getElementById('status').textContent = 'Failed: ' + error; });</script>`,
  );
}

// The client is kept on window.smart; a failure is shown and kept on window.smartError, so the test
// can wait for one or the other.
// A public client names itself when it refreshes (fhirclient's documented setting for servers that
// identify the client on every token request, as oidc-provider does).
const appPage = page(`<p id="status">Finishing…</p><script>
FHIR.oauth2.settings.refreshTokenWithClientId = true;
FHIR.oauth2.ready().then(
  (client) => { window.smart = client; document.getElementById('status').textContent = 'Connected'; },
  (error) => { window.smartError = String(error); document.getElementById('status').textContent = 'Failed: ' + error; },
);
</script>`);

/** Serves the app on 127.0.0.1 at a free port, reading from the portal's FHIR base `iss`. */
export async function startSmartApp(iss: string): Promise<SmartApp> {
  const server = http.createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
    if (path === '/fhir-client.js') {
      response.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8' });
      fs.createReadStream(bundle).pipe(response);
      return;
    }
    const html = path === '/launch.html' ? launchPage(iss) : path === '/callback' ? appPage : null;
    response.writeHead(html ? 200 : 404, { 'Content-Type': 'text/html; charset=utf-8' });
    response.end(html ?? 'not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    launchUrl: `${origin}/launch.html`,
    redirectUrl: `${origin}/callback`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
