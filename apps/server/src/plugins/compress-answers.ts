/**
 * Compresses the API's (/api/…) larger JSON answers for a client that accepts it: a heavy patient's history
 * or clinical record is hundreds of kilobytes of repetitive JSON, seconds on a phone's slow network
 * and a tenth of that compressed (decision 245). Brotli at a fast quality when the client takes it,
 * else gzip; off the event loop (zlib's thread pool). Small answers, streams (files) and answers
 * already encoded go as they are. The built web app's files are compressed once at build time
 * instead (web-app.ts).
 */
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Below this an answer fits in a few packets: compressing it saves no round trip. */
export const compressFromBytes = 2048;

/** The encoding to use for this request, by its Accept-Encoding (q=0 refuses one). */
export function chosenEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase())
      .filter((part) => part !== '' && !/;\s*q=0(\.0*)?$/.test(part))
      .map((part) => part.split(';')[0]!.trim()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

function isJson(reply: FastifyReply): boolean {
  const type = String(reply.getHeader('content-type') ?? '');
  return /^application\/([\w.+-]+\+)?json\b/.test(type);
}

export function registerAnswerCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (!request.url.startsWith('/api/')) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (reply.hasHeader('content-encoding') || !isJson(reply)) return payload;
    const bytes = typeof payload === 'string' ? Buffer.from(payload) : payload;
    if (bytes.length < compressFromBytes) return payload;
    // The answer differs by Accept-Encoding whether or not this client gets it compressed.
    reply.header('vary', appendVary(reply.getHeader('vary')));
    const encoding = chosenEncoding(request.headers['accept-encoding']);
    if (!encoding) return payload;
    const compressed =
      encoding === 'br'
        ? await brotli(bytes, {
            params: {
              // Quality 4: most of brotli's gain on JSON at a few milliseconds a 500 kB answer.
              [constants.BROTLI_PARAM_QUALITY]: 4,
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
              [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
            },
          })
        : await gzipAsync(bytes, { level: 6 });
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return compressed;
  });
}

function appendVary(current: ReturnType<FastifyReply['getHeader']>): string {
  const value = Array.isArray(current) ? current.join(', ') : typeof current === 'string' ? current : '';
  if (/\baccept-encoding\b/i.test(value)) return value;
  return value ? `${value}, Accept-Encoding` : 'Accept-Encoding';
}
