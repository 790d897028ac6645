/**
 * Encryption at rest for small secrets (authenticator seeds): AES-256-GCM with a key derived from
 * JWT_SECRET by HKDF-SHA-256 under its own label, so the database alone does not reveal the seeds and
 * no new secret has to be configured (docs/decisions/030). Format: v1.<iv>.<tag>.<ciphertext>, base64url.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

export class SecretBox {
  private readonly key: Buffer;

  constructor(masterSecret: string, label: string) {
    this.key = Buffer.from(hkdfSync('sha256', masterSecret, 'dermis', label, 32));
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', iv, cipher.getAuthTag(), data]
      .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
      .join('.');
  }

  /** Throws when the value was tampered with or sealed under another key. */
  open(sealed: string): string {
    const [version, iv, tag, data] = sealed.split('.');
    if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('unknown sealed format');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  }
}
