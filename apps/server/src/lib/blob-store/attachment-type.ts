/**
 * What a message attachment is, by its bytes (spec 002 §5 allowed types; the server
 * enforces size and type by content). The name's extension says which family the content must be;
 * the content decides. A program (Windows PE, ELF, Mach-O, a script with #!) is refused whatever its
 * name, and so is anything whose bytes do not match its extension (an .exe renamed report.pdf).
 */
import {
  attachmentExtension,
  messageAttachmentTypes,
  type MessageAttachmentExtension,
} from '@dermis/contract';
import { sniffContentType } from './content-type';

type Family = 'pdf' | 'png' | 'jpeg' | 'gif' | 'tiff' | 'ole' | 'zip' | '7z' | 'rtf' | 'text';

const familyOf: Record<MessageAttachmentExtension, Family> = {
  doc: 'ole',
  dot: 'ole',
  xls: 'ole',
  xlt: 'ole',
  ppt: 'ole',
  pps: 'ole',
  // Office Open XML, OpenDocument and iWork files are ZIP containers.
  docx: 'zip',
  dotx: 'zip',
  xlsx: 'zip',
  xltx: 'zip',
  pptx: 'zip',
  ppsx: 'zip',
  odt: 'zip',
  ods: 'zip',
  odp: 'zip',
  odg: 'zip',
  pages: 'zip',
  numbers: 'zip',
  key: 'zip',
  zip: 'zip',
  pdf: 'pdf',
  png: 'png',
  jpg: 'jpeg',
  jpeg: 'jpeg',
  tif: 'tiff',
  tiff: 'tiff',
  gif: 'gif',
  '7z': '7z',
  rtf: 'rtf',
  txt: 'text',
  csv: 'text',
  html: 'text',
  htm: 'text',
  xml: 'text',
  rtx: 'text',
};

const ole2 = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const sevenZip = Buffer.from([0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c]);

/** Executable formats, refused before anything else. */
export function isExecutable(bytes: Buffer): boolean {
  if (bytes.length < 2) return false;
  const head4 = bytes.length >= 4 ? bytes.readUInt32BE(0) : 0;
  return (
    (bytes[0] === 0x4d && bytes[1] === 0x5a) || // MZ: Windows PE / DOS
    head4 === 0x7f454c46 || // ELF
    head4 === 0xfeedface ||
    head4 === 0xfeedfacf ||
    head4 === 0xcefaedfe ||
    head4 === 0xcffaedfe || // Mach-O
    head4 === 0xcafebabe || // Mach-O universal / Java class
    (bytes[0] === 0x23 && bytes[1] === 0x21) // #! script
  );
}

function familyOfContent(bytes: Buffer): Family | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(ole2)) return 'ole';
  if (bytes.length >= 6 && bytes.subarray(0, 6).equals(sevenZip)) return '7z';
  if (
    bytes.length >= 4 &&
    bytes[0] === 0x50 &&
    bytes[1] === 0x4b &&
    ((bytes[2] === 0x03 && bytes[3] === 0x04) || (bytes[2] === 0x05 && bytes[3] === 0x06))
  )
    return 'zip';
  if (bytes.subarray(0, 5).toString('latin1') === '{\\rtf') return 'rtf';
  switch (sniffContentType(bytes)) {
    case 'application/pdf':
      return 'pdf';
    case 'image/png':
      return 'png';
    case 'image/jpeg':
      return 'jpeg';
    case 'image/gif':
      return 'gif';
    case 'image/tiff':
      return 'tiff';
    case 'application/xml':
    case 'text/plain':
      return 'text';
    default:
      return null;
  }
}

/**
 * The MIME type to store and serve the attachment with, or null when the content is not what an
 * allowed file of that name must be.
 */
export function attachmentContentType(name: string, bytes: Buffer): string | null {
  const ext = attachmentExtension(name);
  if (!Object.hasOwn(messageAttachmentTypes, ext)) return null;
  if (bytes.length === 0 || isExecutable(bytes)) return null;
  const key = ext as MessageAttachmentExtension;
  const family = familyOfContent(bytes);
  // An RTF file is text too; a .txt may hold RTF source, which is harmless.
  const matches = family === familyOf[key] || (familyOf[key] === 'text' && family === 'rtf');
  return matches ? messageAttachmentTypes[key] : null;
}

/** Whether the bytes are any allowed attachment at all (the upload address checks this early). */
export function isAllowedAttachmentContent(bytes: Buffer): boolean {
  return bytes.length > 0 && !isExecutable(bytes) && familyOfContent(bytes) !== null;
}
