import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const runner = fileURLToPath(new URL('./run.mjs', import.meta.url));
const project = mkdtempSync(path.join(tmpdir(), 'run-together-'));
// "first" and "second" each say they have started, then wait (polling, at most 20 s) until the other
// has too: run one after the other, the first would give up and fail. Each prints two lines around
// that wait, so two logs written as they came would interleave. "fails" exits with an error.
const meetsOther = (name, other) =>
  `node -e "const fs = require('fs'); fs.writeFileSync('${name}.started', ''); console.log('${name} 1'); ` +
  `const giveUp = Date.now() + 20000; const wait = () => fs.existsSync('${other}.started') ? ` +
  `(console.log('${name} 2'), process.exit(0)) : Date.now() > giveUp ? process.exit(1) : setTimeout(wait, 20); wait()"`;
writeFileSync(
  path.join(project, 'package.json'),
  JSON.stringify({
    name: 'p',
    private: true,
    scripts: {
      first: meetsOther('first', 'second'),
      second: meetsOther('second', 'first'),
      fails: `node -e "console.log('fails 1'); process.exit(3)"`,
      lone: `node -e "console.log('lone 1')"`,
    },
  }),
);
afterAll(() => rmSync(project, { recursive: true, force: true }));

function together(...scripts) {
  return new Promise((resolve) => {
    execFile(process.execPath, [runner, ...scripts], { cwd: project }, (error, stdout) =>
      resolve({ code: error ? error.code : 0, stdout }),
    );
  });
}

// Each case starts npm and Node twice over: slow on a loaded machine, so more than the default 5 s.
describe('running npm scripts together', { timeout: 30_000 }, () => {
  it('runs the scripts at the same time, passes when every one passes, and prints each log whole', async () => {
    const { code, stdout } = await together('first', 'second');
    expect(code).toBe(0);
    expect(stdout).toMatch(/first 1\nfirst 2\n/);
    expect(stdout).toMatch(/second 1\nsecond 2\n/);
    expect(stdout).toMatch(/npm run first: passed/);
  });

  it('fails when any script fails, and says which', async () => {
    const { code, stdout } = await together('lone', 'fails');
    expect(code).toBe(1);
    expect(stdout).toMatch(/npm run fails: failed \(exit 3\)/);
    expect(stdout).toMatch(/npm run lone: passed/);
  });
});
