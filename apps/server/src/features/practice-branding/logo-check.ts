/**
 * What a practice logo may be: PNG, JPEG or SVG recognised by its bytes (never by a declared type),
 * at most logoMaxBytes, and an SVG only without anything that runs or fetches: scripts, event
 * handlers, foreign objects, entities, or references outside the file.
 */
import { logoMaxBytes } from '@dermis/contract';
import type { LogoMimeType } from '@dermis/contract';
import { invalidField } from '../../lib/http-error';

const field = 'logoBase64';
const base64Pattern = /^[A-Za-z0-9+/]*={0,2}$/;

export function checkLogo(logoBase64: string): { base64: string; mimeType: LogoMimeType } {
  const compact = logoBase64.replace(/\s+/g, '');
  if (compact.length === 0 || compact.length % 4 !== 0 || !base64Pattern.test(compact))
    throw invalidField(field, 'server.error.logoEncoding');
  const bytes = Buffer.from(compact, 'base64');
  if (bytes.length > logoMaxBytes)
    throw invalidField(field, 'server.error.logoTooLarge', { maxKb: logoMaxBytes / 1024 });
  const mimeType = sniff(bytes);
  if (!mimeType) throw invalidField(field, 'server.error.logoType');
  if (mimeType === 'image/svg+xml' && !isSafeSvg(bytes.toString('utf8')))
    throw invalidField(field, 'server.error.logoUnsafeSvg');
  return { base64: bytes.toString('base64'), mimeType };
}

function sniff(bytes: Buffer): LogoMimeType | null {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  // An XML declaration, a doctype and comments may precede the root; the root must be <svg>.
  const body = text.replace(
    /^\s*(<\?xml[^>]*\?>\s*)?(<!DOCTYPE[^[>]*(\[[\s\S]*?\])?\s*>\s*)?(<!--[\s\S]*?-->\s*)*/i,
    '',
  );
  if (/^<svg[\s>]/.test(body) && /<\/svg>\s*$/.test(text)) return 'image/svg+xml';
  return null;
}

const forbiddenSvg: RegExp[] = [
  /<!DOCTYPE/i,
  /<!ENTITY/i,
  /<\s*script/i,
  /<\s*foreignObject/i,
  /<\s*(iframe|embed|object|audio|video|handler|listener)/i,
  /\son[a-z]+\s*=/i,
  /javascript:/i,
  /data:(?!image\/(png|jpeg);base64,)/i,
  /@import/i,
  /url\(\s*['"]?(?!#)/i,
  // Any link that is not to a fragment of this same file.
  /\s(xlink:)?href\s*=\s*(['"])(?!#)/i,
];

export function isSafeSvg(text: string): boolean {
  return !forbiddenSvg.some((pattern) => pattern.test(text));
}
