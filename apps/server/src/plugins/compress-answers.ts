/**
 * Compresses the API's (/api/…) larger answers for a client that accepts it: a heavy patient's
 * history or clinical record is hundreds of kilobytes of repetitive JSON, seconds on a phone's slow
 * network and a tenth of that compressed (decision 245). @fastify/compress does the work (decision
 * 264): brotli at a fast quality when the client takes it, else gzip, nothing for a client that
 * accepts neither. Everything outside /api keeps its own behaviour: the FHIR API answers as it always
 * has, and the built web app's files are compressed once at build time (web-app.ts, @fastify/static's
 * preCompressed), not on every download.
 */
import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Below this an answer fits in a few packets: compressing it saves no round trip. */
export const compressFromBytes = 2048;

export async function registerAnswerCompression(app: FastifyInstance): Promise<void> {
  // Before the plugin's own onRoute hook, which reads the route's `compress` option: only the API's
  // routes are compressed.
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) route.compress = false;
  });
  await app.register(fastifyCompress, {
    threshold: compressFromBytes,
    encodings: ['br', 'gzip'],
    // Quality 4: most of brotli's gain on JSON at a few milliseconds a 500 kB answer.
    brotliOptions: {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 4,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    },
    zlibOptions: { level: 6 },
  });
}
