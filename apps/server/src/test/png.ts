/** Real PNG files for tests and the demo: RGBA, 8 bits, one filter byte (None) per row. */
import { crc32, deflateSync } from 'node:zlib';

function chunk(type: string, body: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(body.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), body]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A width x height transparent PNG with a black stroke along the middle row unless `blank`. */
export function signaturePng(width = 1080, height = 524, blank = false): Buffer {
  const row = width * 4 + 1;
  const raw = Buffer.alloc(row * height);
  if (!blank) {
    const y = Math.floor(height / 2);
    for (let x = Math.floor(width / 10); x < width - Math.floor(width / 10); x++)
      raw[y * row + 1 + x * 4 + 3] = 255;
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 6;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
