/** File contents for tests of checks by content: a minimal PDF and a Windows program. */

/** A minimal PDF: the %PDF header, one object, a trailer and %%EOF. */
export const pdfBytes = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/** A Windows program (to be given a harmless name): "MZ", the DOS stub, the PE signature. */
export const windowsProgram = Buffer.concat([
  Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'),
  Buffer.alloc(120),
  Buffer.from('PE\0\0'),
]);
