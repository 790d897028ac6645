import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressFromBytes, registerAnswerCompression } from './compress-answers';

const large = { items: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Item ${i}` })) };
const app = Fastify();

beforeAll(async () => {
  await registerAnswerCompression(app);
  app.get('/api/app/large', () => large);
  app.get('/api/app/small', () => ({ ok: true }));
  app.get('/fhir/r4/large', () => large);
  await app.register(
    (scope, _options, done) => {
      scope.get('/large', () => large);
      done();
    },
    { prefix: '/api/integration' },
  );
  await app.ready();
});
afterAll(() => app.close());

describe('compressed answers', () => {
  it('sends a large JSON answer in brotli to a client that accepts it', async () => {
    const answer = await app.inject({
      url: '/api/app/large',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(JSON.stringify(large).length).toBeGreaterThan(compressFromBytes);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(answer.rawPayload).toString())).toEqual(large);
  });

  it('compresses the routes a prefixed plugin adds under /api too', async () => {
    const answer = await app.inject({ url: '/api/integration/large', headers: { 'accept-encoding': 'br' } });
    expect(answer.headers['content-encoding']).toBe('br');
  });

  it('sends gzip when brotli is not accepted, and plain JSON when nothing is', async () => {
    const zipped = await app.inject({ url: '/api/app/large', headers: { 'accept-encoding': 'gzip' } });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString())).toEqual(large);
    const plain = await app.inject({ url: '/api/app/large' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual(large);
  });

  it('reads Accept-Encoding: q=0 refuses an encoding, and one it does not offer gets plain JSON', async () => {
    const notBrotli = await app.inject({
      url: '/api/app/large',
      headers: { 'accept-encoding': 'br;q=0, gzip' },
    });
    expect(notBrotli.headers['content-encoding']).toBe('gzip');
    for (const accepted of ['identity', 'deflate']) {
      const plain = await app.inject({ url: '/api/app/large', headers: { 'accept-encoding': accepted } });
      expect(plain.headers['content-encoding'] ?? 'identity').toBe('identity');
      expect(plain.json()).toEqual(large);
    }
  });

  it('leaves small answers and answers outside /api as they are', async () => {
    const small = await app.inject({ url: '/api/app/small', headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ ok: true });
    const fhir = await app.inject({ url: '/fhir/r4/large', headers: { 'accept-encoding': 'br' } });
    expect(fhir.headers['content-encoding']).toBeUndefined();
    expect(fhir.json()).toEqual(large);
  });
});
