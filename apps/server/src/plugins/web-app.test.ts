import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerWebApp } from './web-app';

// A build as apps/web/vite/precompress.ts leaves it: each text file with its brotli and gzip copies.
const script = `console.log(${JSON.stringify('dermis '.repeat(400))});`;
const page = `<!doctype html><title>Dermis</title>${'<p>portal</p>'.repeat(200)}`;
let webDist = '';
const app = Fastify();

beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'dermis-web-'));
  fs.mkdirSync(path.join(webDist, 'assets'));
  for (const [file, text] of [
    ['assets/app-1a2b.js', script],
    ['index.html', page],
  ] as const) {
    fs.writeFileSync(path.join(webDist, file), text);
    fs.writeFileSync(path.join(webDist, `${file}.br`), brotliCompressSync(text));
    fs.writeFileSync(path.join(webDist, `${file}.gz`), gzipSync(text));
  }
  await registerWebApp(app, webDist);
});

afterAll(async () => {
  await app.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

describe('the built web app', () => {
  it('sends the brotli copy of an asset to a browser that accepts it, cached for ever', async () => {
    const answer = await app.inject({
      url: '/assets/app-1a2b.js',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers.vary).toMatch(/accept-encoding/i);
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(answer.rawPayload).toString()).toBe(script);
  });

  it('sends the plain file to a client that accepts no compression', async () => {
    const answer = await app.inject({ url: '/assets/app-1a2b.js' });
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.body).toBe(script);
  });

  it('sends the page of a screen compressed too, revalidated', async () => {
    const answer = await app.inject({
      url: '/appointments',
      headers: { accept: 'text/html', 'accept-encoding': 'gzip' },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(answer.headers['cache-control']).toBe('no-cache');
  });
});
