// A health app on your own machine, to see a SMART connection work end to end. It serves two pages
// on a loopback port of its own, as a native or desktop app would: launch.html sends you to the
// portal's authorization (sign in, choose whose record, approve), and /callback finishes it with
// SMART Health IT's JavaScript client (the `fhirclient` package, unchanged) and shows what the app
// read through the FHIR API. The demo practice registers this app as `dermis-demo-app`, a public
// client allowed any loopback port.
//
//   npm start                          # the portal, with the demo practice, on http://localhost:8080
//   node examples/health-app.mjs       # then open the address it prints
//
// FHIR_BASE_URL names another portal's FHIR address (default http://localhost:8080/fhir/r4).
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';

const iss = process.env.FHIR_BASE_URL ?? 'http://localhost:8080/fhir/r4';
const require = createRequire(new URL('../apps/web/package.json', import.meta.url));
const bundle = require.resolve('fhirclient/build/fhir-client.js');

const page = (body) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Health Diary</title>` +
  `<script src="/fhir-client.js"></script></head><body><main><h1>Health Diary</h1>${body}</main></body></html>`;

const launch = page(`<p>Connecting to ${iss}…</p><script>
FHIR.oauth2.authorize({ iss: ${JSON.stringify(iss)}, clientId: 'dermis-demo-app', redirectUri: '/callback',
  scope: 'launch/patient openid fhirUser offline_access patient/*.rs' })
  .catch((error) => { document.body.textContent = 'Failed: ' + error; });
</script>`);

// What the app reads once connected: the patient, then a count of each kind of record.
const callback = page(`<p id="status">Finishing…</p><ul id="read"></ul><script>
FHIR.oauth2.settings.refreshTokenWithClientId = true;
const show = (text) => { const li = document.createElement('li'); li.textContent = text; document.getElementById('read').append(li); };
FHIR.oauth2.ready().then(async (client) => {
  const patient = await client.patient.read();
  document.getElementById('status').textContent = 'Connected to the record of ' +
    [...(patient.name?.[0]?.given ?? []), patient.name?.[0]?.family].join(' ');
  for (const type of ['AllergyIntolerance', 'Condition', 'MedicationRequest', 'Observation', 'Procedure', 'Encounter', 'DocumentReference']) {
    const bundle = await client.request(type + '?patient=' + client.patient.id + '&_count=100');
    show(type + ': ' + (bundle.total ?? bundle.entry?.length ?? 0));
  }
}, (error) => { document.getElementById('status').textContent = 'Failed: ' + error; });
</script>`);

const server = http.createServer((request, response) => {
  const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
  if (path === '/fhir-client.js') {
    response.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8' });
    fs.createReadStream(bundle).pipe(response);
    return;
  }
  const html = path === '/launch.html' || path === '/' ? launch : path === '/callback' ? callback : null;
  response.writeHead(html ? 200 : 404, { 'Content-Type': 'text/html; charset=utf-8' });
  response.end(html ?? 'not found');
});
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address();
  console.log(`Health Diary, a demo health app: open http://127.0.0.1:${port}/launch.html (Ctrl+C stops it)`);
});
