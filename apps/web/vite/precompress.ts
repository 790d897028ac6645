/**
 * Brotli and gzip copies of the build's text files (`x.js.br`, `x.js.gz` beside `x.js`), made once at
 * build time: the server sends the copy the browser accepts (@fastify/static's preCompressed), so a
 * phone on a slow network downloads the app at a fifth of its size, and no request pays for
 * compressing it (decision 245).
 */
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Text the browser downloads; images, fonts and the map's data are already compressed or not sent. */
const compressible = /\.(js|css|html|json|svg|txt|xml)$/;
/** Below this a compressed copy saves less than one packet. */
const minBytes = 1024;

/** Writes the compressed copies of one file, each only when it is smaller than the file. */
export function precompressFile(file: string): string[] {
  const content = fs.readFileSync(file);
  if (content.length < minBytes) return [];
  const copies: Array<[string, Buffer]> = [
    [
      `${file}.br`,
      brotliCompressSync(content, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      }),
    ],
    [`${file}.gz`, gzipSync(content, { level: 9 })],
  ];
  const written: string[] = [];
  for (const [name, bytes] of copies) {
    if (bytes.length >= content.length) continue;
    fs.writeFileSync(name, bytes);
    written.push(name);
  }
  return written;
}

/** Every compressible file under `dir`, the Vite manifest folder left out (it is never served). */
function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true }).flatMap((entry) => {
    const file = path.join(entry.parentPath, entry.name);
    if (!entry.isFile() || !compressible.test(entry.name)) return [];
    return file.includes(`${path.sep}.vite${path.sep}`) ? [] : [file];
  });
}

export function precompressPlugin(): Plugin {
  let outDir = '';
  return {
    name: 'dermis-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // After every file, index.html and the public folder's included, is written.
    closeBundle() {
      for (const file of filesUnder(outDir)) precompressFile(file);
    },
  };
}
