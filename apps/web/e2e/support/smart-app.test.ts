import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoClientId, smartScope, startSmartApp, type SmartApp } from './smart-app';

describe('the SMART app the browser tests launch', () => {
  let app: SmartApp;
  beforeAll(async () => {
    app = await startSmartApp('http://127.0.0.1:1/fhir/r4');
  });
  afterAll(() => app.close());

  it('is served on a loopback address, its redirect beside its launch page', () => {
    expect(app.launchUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/launch\.html$/);
    expect(new URL(app.redirectUrl).origin).toBe(new URL(app.launchUrl).origin);
  });

  it("starts SMART Health IT's client with the portal's FHIR base, the demo client and the scopes", async () => {
    const html = await (await fetch(app.launchUrl)).text();
    expect(html).toContain('<script src="/fhir-client.js"></script>');
    expect(html).toContain('FHIR.oauth2.authorize(');
    for (const part of ['http://127.0.0.1:1/fhir/r4', demoClientId, smartScope, '/callback'])
      expect(html).toContain(JSON.stringify(part));
    expect(await (await fetch(app.redirectUrl)).text()).toContain('FHIR.oauth2.ready()');
  });

  it("serves the package's browser bundle unchanged, and nothing else", async () => {
    const script = await fetch(new URL('/fhir-client.js', app.launchUrl));
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(await script.text()).toContain('oauth2');
    expect((await fetch(new URL('/elsewhere', app.launchUrl))).status).toBe(404);
  });
});
