// Before the e2e server starts (the embedded database admits one process at a time), seeds the demo
// practice with the CLI and creates an API key, written where the tests find it (support/cli.ts):
// a file in the temporary folder named after the port, so parallel runs on other ports do not mix.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { e2ePort } from './environment';

export const apiKeyFile = path.join(os.tmpdir(), `dermis-e2e-api-key-${e2ePort}`);

function cli(env: NodeJS.ProcessEnv, args: string[]): string {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/dermis.ts', ...args], {
    env,
    encoding: 'utf8',
  });
  if (result.status !== 0)
    throw new Error(`dermis ${args.join(' ')} failed:\n${result.stderr}${result.stdout}`);
  return result.stdout;
}

export function prepareApiKey(env: NodeJS.ProcessEnv): void {
  cli(env, ['demo:seed']);
  const out = cli(env, ['apikey:create', '--practice', '1', '--label', 'e2e']);
  const key = /(dermis_[\w-]+)/.exec(out)?.[1];
  if (!key) throw new Error(`no API key in: ${out}`);
  fs.writeFileSync(apiKeyFile, key, { mode: 0o600 });
}
