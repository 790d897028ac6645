// Starts Dermis for the browser tests on an embedded database in a fresh temporary folder, so every
// run begins with exactly the seeded demo practice, whatever DATABASE_URL the shell has.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { e2ePort } from './environment';
import { prepareApiKey } from './prepare-api-key';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dermis-e2e-'));
const env: NodeJS.ProcessEnv = {
  ...process.env,
  DATA_DIR: dataDir,
  PORT: String(e2ePort),
  HOST: '127.0.0.1',
  NODE_ENV: 'test',
  // The address the browser tests open (playwright.config.ts), so the OAuth issuer and the links in
  // e-mails name the origin whose storage holds the session.
  PUBLIC_URL: `http://127.0.0.1:${e2ePort}`,
};
delete env.DATABASE_URL;
// Throttling counters too: Redis outlives the run, and counters keyed by the user ids of an earlier
// run's database would throttle this run's users (two-step codes are capped per user).
delete env.REDIS_URL;

// Seeds the demo practice and gives the tests an API key for the CLI's remote mode (support/cli.ts).
prepareApiKey(env);

const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
  env,
  stdio: 'inherit',
});
const stop = (signal: NodeJS.Signals) => child.kill(signal);
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
child.on('exit', (code) => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
