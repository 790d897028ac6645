/**
 * Blobs in a local folder (DATA_DIR/blobs): one file per key, written to a temporary name and renamed
 * so a reader never sees half a file. Keys are checked against a strict pattern, so no key can leave
 * the folder.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { BlobHead, BlobStore } from './blob-store';
import { isBlobKey } from './blob-store';

export class LocalBlobStore implements BlobStore {
  readonly kind = 'local' as const;
  constructor(private readonly dir: string) {}

  private file(key: string): string {
    if (!isBlobKey(key)) throw new Error('invalid blob key');
    return path.join(this.dir, ...key.split('/'));
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    const file = this.file(key);
    await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    const temporary = `${file}.${randomBytes(4).toString('hex')}.part`;
    await fs.writeFile(temporary, bytes, { mode: 0o600 });
    await fs.rename(temporary, file);
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await fs.readFile(this.file(key));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async head(key: string): Promise<BlobHead | null> {
    try {
      const stat = await fs.stat(this.file(key));
      return { size: stat.size };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.file(key), { force: true });
  }

  async ping(): Promise<void> {
    // The folder is created on the first upload; until then, being able to create it is enough.
    await fs.mkdir(this.dir, { recursive: true, mode: 0o700 });
    await fs.access(this.dir, fs.constants.R_OK | fs.constants.W_OK);
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT';
}
