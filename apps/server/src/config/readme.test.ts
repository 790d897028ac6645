import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { configDocs, repoRoot } from './env';

describe('README', () => {
  it('documents every configuration variable', () => {
    const readme = fs.readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
    const missing = configDocs.map((d) => d.name).filter((name) => !readme.includes(`\`${name}\``));
    expect(missing).toEqual([]);
  });
});
