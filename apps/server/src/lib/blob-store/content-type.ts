/**
 * What a file is, by its first bytes (magic numbers), never by its name or a declared type: the
 * server-side half of the upload checks the browser also makes.
 */
export type SniffedType =
  | 'image/png'
  | 'image/jpeg'
  | 'image/gif'
  | 'image/tiff'
  | 'application/pdf'
  | 'application/xml'
  | 'text/plain';

const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export function sniffContentType(bytes: Buffer): SniffedType | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(png)) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  const head = bytes.subarray(0, 8).toString('latin1');
  if (head.startsWith('GIF87a') || head.startsWith('GIF89a')) return 'image/gif';
  if (head.startsWith('II*\0') || head.startsWith('MM\0*')) return 'image/tiff';
  if (head.startsWith('%PDF-')) return 'application/pdf';
  if (!isText(bytes)) return null;
  const text = bytes
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (text.startsWith('<?xml') || /^<[A-Za-z][\w:.-]*[\s>/]/.test(text)) return 'application/xml';
  return 'text/plain';
}

/** Valid UTF-8 without control characters other than tab, line feed, carriage return and form feed. */
function isText(bytes: Buffer): boolean {
  if (bytes.length === 0) return false;
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  if (text.includes('\uFFFD')) return false;
  // eslint-disable-next-line no-control-regex -- control characters are what marks a binary file
  return !/[\u0000-\u0008\u000B\u000E-\u001F\u007F]/.test(text);
}

/** Whether the content is one of the image types an avatar may be. */
export function isAvatarImage(type: SniffedType | null): type is 'image/png' | 'image/jpeg' {
  return type === 'image/png' || type === 'image/jpeg';
}
