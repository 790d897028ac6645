/**
 * A PNG checked by content (a drawn signature): the signature bytes, chunk by chunk with
 * their CRCs, an IHDR of bounded size, image data that inflates to exactly what IHDR declares, and at
 * least one pixel that is not fully zero (a blank, transparent canvas is no signature).
 */
import { crc32, inflateSync } from 'node:zlib';

const magic = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Channels per colour type (PNG §11.2.2): greyscale, RGB, palette, grey+alpha, RGBA. */
const channels: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

export type PngCheck =
  { ok: true; width: number; height: number } | { ok: false; reason: 'notPng' | 'tooLarge' | 'blank' };

export function checkPng(bytes: Buffer, maxDimension: number): PngCheck {
  if (bytes.length < magic.length + 12 + 13 + 12 || !bytes.subarray(0, 8).equals(magic))
    return { ok: false, reason: 'notPng' };
  let offset = 8;
  let width = 0;
  let height = 0;
  let bitDepth = 0;
  let colourType = -1;
  let interlaced = false;
  const data: Buffer[] = [];
  let sawEnd = false;
  let first = true;
  while (offset + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    const end = offset + 12 + length;
    if (length > 0x7fffffff || end > bytes.length) return { ok: false, reason: 'notPng' };
    const body = bytes.subarray(offset + 8, offset + 8 + length);
    if (crc32(bytes.subarray(offset + 4, offset + 8 + length)) !== bytes.readUInt32BE(offset + 8 + length))
      return { ok: false, reason: 'notPng' };
    if (first) {
      if (type !== 'IHDR' || length !== 13) return { ok: false, reason: 'notPng' };
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      bitDepth = body[8] ?? 0;
      colourType = body[9] ?? -1;
      interlaced = body[12] === 1;
      if (width === 0 || height === 0 || !(colourType in channels) || ![1, 2, 4, 8, 16].includes(bitDepth))
        return { ok: false, reason: 'notPng' };
      if (width > maxDimension || height > maxDimension) return { ok: false, reason: 'tooLarge' };
      first = false;
    } else if (type === 'IDAT') data.push(body);
    else if (type === 'IEND') {
      sawEnd = true;
      break;
    }
    offset = end;
  }
  if (first || !sawEnd || data.length === 0) return { ok: false, reason: 'notPng' };

  const rowBytes = Math.ceil((width * (channels[colourType] ?? 1) * bitDepth) / 8);
  // Interlaced images carry a few more filter bytes; bound by the non-interlaced size plus slack.
  const expected = (rowBytes + 1) * height;
  let pixels: Buffer;
  try {
    pixels = inflateSync(Buffer.concat(data), {
      maxOutputLength: expected + (interlaced ? 7 * height + 64 : 0),
    });
  } catch {
    return { ok: false, reason: 'notPng' };
  }
  if (!interlaced && pixels.length !== expected) return { ok: false, reason: 'notPng' };

  // Filtering only ever predicts from earlier bytes, so an all-zero image filters to all zeros and
  // any non-zero pixel leaves a non-zero byte (the filter-type bytes excepted).
  if (interlaced)
    return pixels.some((b) => b !== 0) ? { ok: true, width, height } : { ok: false, reason: 'blank' };
  for (let row = 0; row < height; row++) {
    const start = row * (rowBytes + 1) + 1;
    for (let i = start; i < start + rowBytes; i++) if (pixels[i] !== 0) return { ok: true, width, height };
  }
  return { ok: false, reason: 'blank' };
}
