/**
 * No input answers 5xx. Walks the LIVE route table (every route buildApp registered, recorded by its
 * onRoute hook), so a route added later is fuzzed without editing this file. For each route and each
 * caller (anonymous, a signed-in patient, a practice API key) fast-check generates path values, query
 * strings and bodies: wrong types, huge and odd strings (U+0000, lone surrogates, bidi controls),
 * numbers beyond 32 bits, nesting, prototype keys, broken JSON, and plausible values (the caller's own
 * ids, enum words, codes, dates) mixed in so that requests also get past validation into handlers.
 *
 * FUZZ_RUNS sets the cases per route and caller (default 10, about 1,300 requests).
 */
import fc from 'fast-check';
import { expect, it } from 'vitest';
import type { RouteEntry } from './app-context';
import { testServices } from './config/env';
import { registerHealthApp } from './features/health-apps/authorization/health-apps.repository';
import { createPractice } from './features/integration/practice.service';
import { useTestApp } from './test/app';
import { describeEachDatabase } from './test/database';
import { bearer, givenUser, signIn } from './test/fixtures';
import { TestGrants } from './test/fhir-grants';
import { fhirPatientId } from './features/health-apps/fhir/ids';
import { searchParams } from './features/health-apps/fhir/search-params';

const runs = testServices().fuzzRuns;
// Generous: the cases run one after another, and a larger FUZZ_RUNS must not hit the default 30 s.
const timeout = 120_000 + runs * 8_000;

interface Caller {
  name: string;
  headers: Record<string, string>;
  /** Values that let a request get past validation and the guard: the caller's own ids and name. */
  own: (string | number)[];
}

describeEachDatabase('every route, fuzzed', (t) => {
  const newApp = useTestApp(t);

  it(
    `answers no generated request with a 5xx (${runs} cases per route and caller)`,
    async () => {
      // Health apps call the FHIR API with a token granting the route's fuzz patient (test resolver).
      const grants = new TestGrants();
      const app = await newApp({}, undefined, { resolveFhirGrant: grants.resolve });
      const routes = app.routeTable.filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS');
      expect(routes.length).toBeGreaterThan(25);
      const { practiceId, apiKey } = await createPractice(t.db, { name: 'Fuzz Practice' });

      let requests = 0;
      let routeIndex = 0;
      for (const route of routes) {
        routeIndex += 1;
        // A fresh patient per route: a fuzzed call may change the password, username or sessions.
        const user = await givenUser(t.db, practiceId, { username: `fuzz${routeIndex}` });
        const session = await signIn(app, user.username, user.password);
        const own = [user.patientId, user.userId, user.username, user.password];
        const appToken = grants.issue({ patientId: user.patientId, practiceId, userId: user.userId });
        const callers: Caller[] = [
          { name: 'anonymous', headers: {}, own },
          { name: 'patient', headers: bearer(session.accessToken), own },
          { name: 'api key', headers: { 'x-api-key': apiKey }, own },
          { name: 'health app', headers: bearer(appToken), own: [...own, ...fhirWords(user.patientId)] },
        ];
        for (const caller of callers) {
          await fc.assert(
            fc.asyncProperty(requestFor(route, caller), async (request) => {
              requests += 1;
              const response = await app.inject({
                method: route.method as 'GET',
                url: request.url,
                headers: { ...caller.headers, ...request.headers },
                ...(request.body === undefined ? {} : { payload: request.body }),
              });
              expect(
                response.statusCode,
                `${caller.name} ${route.method} ${request.url} ${String(request.body).slice(0, 300)} -> ${response.body.slice(0, 300)}`,
              ).toBeLessThan(500);
            }),
            { numRuns: runs },
          );
        }
      }
      console.info(
        `fuzz: ${requests} requests over ${routes.length} routes and 4 callers, ${runs} cases each, none answered 5xx`,
      );
      expect(routes.some((r) => r.url.startsWith('/fhir/r4/'))).toBe(true);
      expect(requests).toBeGreaterThanOrEqual(routes.length * 4 * runs);
    },
    timeout,
  );
});

/**
 * The authorization server's endpoints take form bodies and query strings of OAuth parameters, not
 * the contract's JSON: each is fuzzed with those names, values an app would send mixed with odd ones,
 * anonymously, with a registered app's Basic credentials, and with a bearer token.
 */
const oauthEndpoints: { method: 'GET' | 'POST'; url: string; fields: string[] }[] = [
  ...(['GET', 'POST'] as const).map((method) => ({
    method,
    url: '/oauth2/authorize',
    fields: [
      'response_type',
      'client_id',
      'redirect_uri',
      'scope',
      'state',
      'aud',
      'code_challenge',
      'code_challenge_method',
      'prompt',
      'launch',
      'resource',
      'request',
    ],
  })),
  { method: 'GET', url: '/oauth2/authorize/:uid', fields: [] },
  {
    method: 'POST',
    url: '/oauth2/token',
    fields: [
      'grant_type',
      'code',
      'redirect_uri',
      'code_verifier',
      'client_id',
      'client_secret',
      'refresh_token',
      'scope',
      'client_assertion',
      'client_assertion_type',
      'resource',
    ],
  },
  {
    method: 'POST',
    url: '/oauth2/revoke',
    fields: ['token', 'token_type_hint', 'client_id', 'client_secret'],
  },
  {
    method: 'POST',
    url: '/oauth2/introspect',
    fields: ['token', 'token_type_hint', 'client_id', 'client_secret'],
  },
  { method: 'GET', url: '/oauth2/userinfo', fields: ['access_token'] },
  { method: 'POST', url: '/oauth2/register', fields: ['redirect_uris', 'client_name'] },
  { method: 'GET', url: '/oauth2/jwks', fields: [] },
  { method: 'GET', url: '/oauth2/.well-known/openid-configuration', fields: [] },
  { method: 'GET', url: '/fhir/r4/.well-known/smart-configuration', fields: [] },
];

const oauthWords = [
  'code',
  'authorization_code',
  'refresh_token',
  'S256',
  'plain',
  'openid fhirUser patient/*.rs offline_access',
  'patient/Observation.rs?category=laboratory',
  'http://127.0.0.1:5555/callback',
  'consent',
  'fuzz-app',
  'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
];

describeEachDatabase('the OAuth endpoints, fuzzed', (t) => {
  const newApp = useTestApp(t);

  it(
    `answers no generated OAuth request with a 5xx (${runs} cases per endpoint and caller)`,
    async () => {
      const app = await newApp();
      const { practiceId } = await createPractice(t.db, { name: 'Fuzz Practice' });
      const registered = await registerHealthApp(t.db, practiceId, {
        clientId: 'fuzz-app',
        name: 'Fuzz App',
        redirectUris: ['http://127.0.0.1/callback'],
        tokenEndpointAuthMethod: 'client_secret_basic',
        loopbackAnyPort: true,
      });
      const basic = Buffer.from(`fuzz-app:${registered.clientSecret ?? ''}`).toString('base64');
      const callers: Caller[] = [
        { name: 'anonymous', headers: {}, own: oauthWords },
        { name: 'basic', headers: { authorization: `Basic ${basic}` }, own: oauthWords },
        { name: 'bearer', headers: { authorization: 'Bearer not-a-token-at-all' }, own: oauthWords },
      ];
      let requests = 0;
      for (const endpoint of oauthEndpoints) {
        for (const caller of callers) {
          const form = queryString(endpoint.fields, caller);
          await fc.assert(
            fc.asyncProperty(pathValue(caller), form, form, async (uid, query, fields) => {
              requests += 1;
              const url = endpoint.url.replace(':uid', uid) + (endpoint.method === 'GET' ? query : '');
              const response = await app.inject({
                method: endpoint.method,
                url,
                headers: {
                  ...caller.headers,
                  ...(endpoint.method === 'POST'
                    ? { 'content-type': 'application/x-www-form-urlencoded' }
                    : {}),
                },
                ...(endpoint.method === 'POST' ? { payload: fields.slice(1) } : {}),
              });
              expect(
                response.statusCode,
                `${caller.name} ${endpoint.method} ${url} ${fields} -> ${response.body.slice(0, 300)}`,
              ).toBeLessThan(500);
            }),
            { numRuns: runs },
          );
        }
      }
      expect(requests).toBe(oauthEndpoints.length * callers.length * runs);
    },
    timeout,
  );
});

interface FuzzRequest {
  url: string;
  headers: Record<string, string>;
  body: string | undefined;
}

function requestFor(route: RouteEntry, caller: Caller): fc.Arbitrary<FuzzRequest> {
  const params = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1] ?? '');
  const pathArb = fc
    .tuple(...params.map(() => pathValue(caller)))
    .map((values) => values.reduce<string>((url, value, i) => url.replace(`:${params[i]}`, value), route.url))
    // A wildcard route (static files) gets a generated tail.
    .chain((url) =>
      url.endsWith('*') ? pathValue(caller).map((v) => url.slice(0, -1) + v) : fc.constant(url),
    );
  const queryKeys = route.url.startsWith('/fhir/') ? fhirQueryKeys : fieldNames(route.schema?.querystring);
  const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
  return fc.record({
    url: fc.tuple(pathArb, queryString(queryKeys, caller)).map(([path, query]) => path + query),
    headers: extraHeaders(),
    body: hasBody ? body(fieldNames(route.schema?.body), caller) : fc.constant(undefined),
  });
}

// ---- FHIR ----

/** The FHIR API's search parameters (with modifiers and control parameters) as query keys. */
const fhirQueryKeys = [
  ...new Set([
    ...Object.values(searchParams).flatMap((params) =>
      params.flatMap((p) => [p.name, `${p.name}:exact`, `${p.name}:missing`]),
    ),
    '_id',
    '_count',
    '_revinclude',
    '_cursor',
    '_format',
    '_sort',
  ]),
];

/** Values that reach past the FHIR API's checks: types, the patient's ids, tokens, dates with prefixes. */
function fhirWords(patientId: number): string[] {
  return [
    ...Object.keys(searchParams),
    'Binary',
    fhirPatientId(patientId),
    `Patient/${fhirPatientId(patientId)}`,
    `summary-${patientId}`,
    'Provenance:target',
    'ge2020-01-01',
    'lt2030',
    'eq2024-02-30',
    'http://loinc.org|72166-2',
    'social-history',
    'problem-list-item',
    '1000',
    'b246',
  ];
}

// ---- values ----

const oddStrings = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  'a\uD800',
  '\uDC00z',
  '\u{1F600}',
  '\u202Eevil',
  '\uFEFF',
  '__proto__',
  'constructor',
  'prototype',
  '../../etc/passwd',
  "'; drop table patient; --",
  '<script>alert(1)</script>',
  'null',
  'NaN',
  '-1',
  '0',
  '2147483648',
  '9007199254740993',
  '1e309',
  '0x10',
  'true',
];

const oddString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...oddStrings) },
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 1, arbitrary: fc.integer({ min: 256, max: 70_000 }).map((n) => 'x'.repeat(n)) },
);

const oddNumber = fc.oneof(
  fc.integer(),
  fc.constantFrom(2 ** 31, -(2 ** 31) - 1, 2 ** 53 + 2, -(2 ** 53) - 2, Number.MAX_VALUE, -0, 0.5, 1e-300, 0),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

const plausibleWords = [
  'EMAIL',
  'AUTH_APP',
  '123456',
  'maria@example.org',
  '1984-03-12',
  'DemoPatient1',
  'ACCOUNT_CREATION',
  'EMAIL_VERIFICATION',
  'EMAIL_ADDRESS',
  'FEMALE',
  'EXT-1',
  'Maria',
];

function plausible(caller: Caller): fc.Arbitrary<string | number | boolean> {
  return fc.oneof(
    fc.constantFrom(...caller.own),
    fc.constantFrom(...plausibleWords),
    fc.constantFrom(1, 2, 3, 4, true, false),
  );
}

const keyArb = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'id', 'patientId'),
  fc.string(),
);

const jsonValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    oddString,
    oddNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(keyArb, tie('value'), { maxKeys: 4 }),
  ),
})).value;

function fieldValue(caller: Caller): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 3, arbitrary: plausible(caller) }, { weight: 2, arbitrary: jsonValue });
}

/** Top-level field names of a Zod request schema (objects, unions of objects, wrapped ones). */
function fieldNames(schema: unknown): string[] {
  const def = (schema as { _zod?: { def?: Record<string, unknown> } } | undefined)?._zod?.def;
  if (!def) return [];
  switch (def.type) {
    case 'object':
      return Object.keys(def.shape as object);
    case 'union':
      return [...new Set((def.options as unknown[]).flatMap(fieldNames))];
    case 'pipe':
      return fieldNames(def.in);
    default:
      return def.innerType ? fieldNames(def.innerType) : [];
  }
}

// ---- request parts ----

/** Percent-encodes any string, a lone surrogate included (as the bytes of U+FFFD). */
function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return [...Buffer.from(value, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
  }
}

const rawEscapes = ['%00', '%FF', '%C0%80', '%ED%A0%80', '%', '%zz', '%2e%2e', '..', '%2F'];

function pathValue(caller: Caller): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: plausible(caller).map((v) => encode(String(v))) },
    { weight: 2, arbitrary: oddString.map(encode) },
    { weight: 1, arbitrary: oddNumber.map((n) => encode(String(n))) },
    { weight: 1, arbitrary: fc.constantFrom(...rawEscapes) },
  );
}

function queryString(keys: string[], caller: Caller): fc.Arbitrary<string> {
  const key = fc.oneof(...(keys.length > 0 ? [{ weight: 4, arbitrary: fc.constantFrom(...keys) }] : []), {
    weight: 1,
    arbitrary: keyArb,
  });
  const value = fc.oneof(
    { weight: 3, arbitrary: plausible(caller).map((v) => encode(String(v))) },
    { weight: 2, arbitrary: oddString.map(encode) },
    { weight: 1, arbitrary: fc.constantFrom(...rawEscapes) },
  );
  return fc
    .array(fc.tuple(key, value), { maxLength: keys.length + 2 })
    .map((pairs) => (pairs.length === 0 ? '' : `?${pairs.map(([k, v]) => `${encode(k)}=${v}`).join('&')}`));
}

function body(keys: string[], caller: Caller): fc.Arbitrary<string> {
  const shaped = fc
    .record(Object.fromEntries(keys.map((k) => [k, fieldValue(caller)])), { requiredKeys: [] })
    .map((o) => JSON.stringify(o));
  const prototypeKeys = fc
    .tuple(shaped, fc.constantFrom('__proto__', 'constructor'), jsonValue)
    .map(
      ([json, key, value]) =>
        `{"${key}":${JSON.stringify(value) ?? 'null'}${json === '{}' ? '' : ','}${json.slice(1)}`,
    );
  const raw = fc.constantFrom(
    '',
    '{',
    '[]',
    'null',
    '"x"',
    '{"a":',
    '{"__proto__":{"isAdmin":true}}',
    '{"constructor":{"prototype":{"isAdmin":true}}}',
    '\u0000',
    JSON.stringify({ a: Array.from({ length: 50 }, () => ({})) }),
    '['.repeat(5000) + ']'.repeat(5000),
  );
  return fc.oneof(
    { weight: 5, arbitrary: shaped },
    { weight: 2, arbitrary: jsonValue.map((v) => JSON.stringify(v) ?? 'null') },
    { weight: 1, arbitrary: prototypeKeys },
    { weight: 1, arbitrary: raw },
  );
}

/** Sometimes a content type other than JSON, or an odd confirmation header. */
function extraHeaders(): fc.Arbitrary<Record<string, string>> {
  return fc.oneof(
    { weight: 6, arbitrary: fc.constant<Record<string, string>>({ 'content-type': 'application/json' }) },
    {
      weight: 1,
      arbitrary: fc.constantFrom<Record<string, string>>(
        { 'content-type': 'text/plain' },
        { 'content-type': 'application/x-www-form-urlencoded' },
        { 'content-type': 'application/json; charset=latin1' },
        { 'content-type': 'application/json', confirmationtoken: 'eyJ.x.y' },
        { 'content-type': 'application/json', authorization: 'Bearer not-a-token' },
      ),
    },
  );
}
