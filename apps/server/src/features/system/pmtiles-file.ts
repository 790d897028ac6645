/**
 * Serves the practice's own PMTiles basemap (MAP_PMTILES_FILE, decision 182) to the pharmacies map.
 * A PMTiles archive is one file read in byte ranges (its header, directories, then each tile), so any
 * web server can host it: the portal is that server, and no tile server is needed. The map data is
 * public (no patient data), so it needs no sign-in, like the web app's own files.
 */
import fs from 'node:fs';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { sendNotFound } from '../../plugins/error-handler';

/** `bytes=a-b`, `bytes=a-` or `bytes=-n` (one range; the PMTiles reader asks for no more) as [start, end]. */
export function byteRange(
  header: string | undefined,
  size: number,
): [number, number] | 'whole' | 'unsatisfiable' {
  if (header === undefined) return 'whole';
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return 'whole'; // not understood: RFC 9110 says ignore it
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return [Math.max(0, size - suffix), size - 1];
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return [start, end];
}

export function servePmtiles(app: FastifyInstance, url: string, file: string): void {
  // Fastify answers HEAD from the GET route.
  app.get(url, (request, reply) =>
    send(reply, file, request.headers.range, request.headers['if-none-match']),
  );
}

async function send(
  reply: FastifyReply,
  file: string,
  rangeHeader: string | undefined,
  ifNoneMatch: string | undefined,
): Promise<FastifyReply> {
  const stat = await fs.promises.stat(file).catch(() => null);
  if (!stat?.isFile()) {
    reply.log.error({ file }, 'MAP_PMTILES_FILE cannot be read');
    return sendNotFound(reply);
  }
  // The reader checks that every range comes from the same file: a replaced file gets a new ETag.
  const etag = `"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
  reply
    .header('Accept-Ranges', 'bytes')
    .header('ETag', etag)
    .header('Cache-Control', 'no-cache')
    .header('Content-Type', 'application/vnd.pmtiles');
  if (ifNoneMatch === etag) return reply.code(304).send();
  const range = byteRange(rangeHeader, stat.size);
  if (range === 'unsatisfiable') {
    return reply.code(416).header('Content-Range', `bytes */${stat.size}`).send();
  }
  const [start, end] = range === 'whole' ? [0, stat.size - 1] : range;
  if (range !== 'whole') reply.code(206).header('Content-Range', `bytes ${start}-${end}/${stat.size}`);
  reply.header('Content-Length', String(end - start + 1));
  if (stat.size === 0) return reply.send('');
  return reply.send(fs.createReadStream(file, { start, end }));
}
