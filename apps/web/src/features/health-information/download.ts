import { base64SliceSize } from '@dermis/contract';

/** Spec 002 §7: a downloaded file arrives as base-64 and is decoded in slices of 512 characters. */
export function base64ToBlob(base64: string, type: string): Blob {
  const clean = base64.replace(/\s+/g, '');
  const parts: Uint8Array<ArrayBuffer>[] = [];
  for (let offset = 0; offset < clean.length; offset += base64SliceSize) {
    const binary = atob(clean.slice(offset, offset + base64SliceSize));
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
    parts.push(bytes);
  }
  return new Blob(parts, { type });
}

/** Saves a blob under a name through a temporary link (the browser's own download). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the URL after click returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
