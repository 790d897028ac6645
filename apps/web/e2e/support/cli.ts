// The `dermis` CLI in remote mode against the e2e server, as clinic staff use it while the server
// runs on the embedded database. The API key was created before the server started
// (prepare-api-key.ts).
import fs from 'node:fs';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { e2ePort } from './environment';
import { apiKeyFile } from './prepare-api-key';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

export function e2eApiKey(): string {
  return fs.readFileSync(apiKeyFile, 'utf8').trim();
}

/** Runs `dermis --server … --api-key … <args>`; resolves with stdout, rejects with stderr. */
export function runCli(args: string[]): Promise<string> {
  const full = ['--server', `http://127.0.0.1:${e2ePort}`, '--api-key', e2eApiKey(), ...args];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/dermis.ts', ...full], {
      cwd: repoRoot,
      env: { ...process.env, LOG_LEVEL: 'silent' },
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('close', (code) =>
      code === 0 ? resolve(out.trim()) : reject(new Error(`dermis ${args.join(' ')}: ${err}${out}`)),
    );
  });
}
