import { describe, expect, it } from 'vitest';
import { base64ToBlob } from './download';

describe('base64ToBlob (spec 002 §7: base-64 chunks of 512)', () => {
  it('decodes a file longer than one slice byte for byte', async () => {
    const bytes = Uint8Array.from({ length: 2000 }, (_, i) => (i * 37) % 256);
    let binary = '';
    for (const b of bytes) binary += String.fromCharCode(b);
    const blob = base64ToBlob(btoa(binary), 'application/pdf');
    expect(blob.type).toBe('application/pdf');
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(bytes);
  });

  it('ignores line breaks inside the base-64', async () => {
    const text = 'x'.repeat(1000);
    const encoded = btoa(text).replace(/(.{76})/g, '$1\n');
    expect(await base64ToBlob(encoded, 'text/xml').text()).toBe(text);
  });
});
