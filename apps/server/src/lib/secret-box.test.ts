import { describe, expect, it } from 'vitest';
import { SecretBox } from './secret-box';

describe('SecretBox', () => {
  const box = new SecretBox('x'.repeat(32), 'totp');

  it('opens what it sealed, with a fresh IV each time', () => {
    const a = box.seal('JBSWY3DPEHPK3PXP');
    expect(a).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.seal('JBSWY3DPEHPK3PXP')).not.toBe(a);
    expect(box.open(a)).toBe('JBSWY3DPEHPK3PXP');
  });

  it('refuses a value sealed under another secret or label, or tampered with', () => {
    const sealed = box.seal('secret');
    expect(() => new SecretBox('y'.repeat(32), 'totp').open(sealed)).toThrow();
    expect(() => new SecretBox('x'.repeat(32), 'other').open(sealed)).toThrow();
    const parts = sealed.split('.');
    parts[3] = Buffer.from('tampered').toString('base64url');
    expect(() => box.open(parts.join('.'))).toThrow();
  });
});
