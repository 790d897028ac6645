// The production start: the server and its CLI compiled to JavaScript (apps/server/build.ts) run under
// plain `node`, with no TypeScript loader, NODE_ENV=production, and a patient signs in. Fails when the
// bundle cannot find its migrations, imports a TypeScript file at run time or misses a dependency.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildServer, serverDist } from '../build';
import { demoAccounts } from './demo/demo-accounts';

let dataDir = '';
let server: ChildProcess | undefined;
let baseUrl = '';
let output = '';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

function productionEnv(port: number): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    JWT_SECRET: 'production-start-test-secret-0123456789abcdef',
    // Required in production; signing in sends no e-mail, so nothing ever connects to it.
    SMTP_URL: 'smtp://127.0.0.1:9',
    SEED_DEMO: 'false',
    // The demo practice is seeded below with the compiled CLI to have someone to sign in; a production
    // start refuses demo accounts unless told this is intended.
    ALLOW_DEMO_ACCOUNTS: 'true',
    LOG_LEVEL: 'info',
  };
  return env;
}

/** Runs dist/<entry>.js under plain node (no --import, no loader), as `npm start` does. */
function runCompiled(entry: string, args: string[], env: NodeJS.ProcessEnv) {
  return spawnSync(process.execPath, [path.join(serverDist, `${entry}.js`), ...args], {
    env,
    encoding: 'utf8',
  });
}

beforeAll(async () => {
  await buildServer();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dermis-production-start-'));
  const port = await freePort();
  const env = productionEnv(port);

  const migrated = runCompiled('migrate', [], env);
  expect(migrated.stderr + migrated.stdout).toMatch(/Applied: 0001_/);
  const seeded = runCompiled('dermis', ['demo:seed'], env);
  expect(seeded.status, seeded.stderr).toBe(0);

  const child = spawn(process.execPath, [path.join(serverDist, 'server.js')], { env });
  server = child;
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    const onData = () => {
      if (/is listening on http/.test(output)) resolve();
    };
    child.stdout?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`compiled server exited with ${code}:\n${output}`)));
  });
  baseUrl = `http://127.0.0.1:${port}`;
}, 180_000);

afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server?.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

it('the compiled server starts in production under plain node and a patient signs in', async () => {
  expect(fs.readdirSync(serverDist)).toEqual(
    expect.arrayContaining(['server.js', 'dermis.js', 'migrate.js']),
  );
  const health = await fetch(`${baseUrl}/healthz`);
  expect(health.status).toBe(200);

  const { username, password } = demoAccounts.patient;
  const signIn = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  expect(signIn.status).toBe(200);
  const body = (await signIn.json()) as { accessToken?: string };
  expect(body.accessToken).toEqual(expect.any(String));
  expect(output).not.toMatch(/"level":(50|60)/);
});

it('reads the source map of its own bundle only, so its stack traces name the TypeScript lines', () => {
  // A probe that reports, as the process exits, what Node holds: the server stops at once on a
  // production start without JWT_SECRET, after dist/server.js has loaded the bundle.
  const main = path.join(serverDist, 'server-main.js');
  const probe = `import module from 'node:module';
process.on('exit', () => {
  const own = module.findSourceMap(${JSON.stringify(main)});
  process.stdout.write(JSON.stringify({
    support: module.getSourceMapsSupport(),
    ownSources: own?.payload.sources.filter((s) => s.endsWith('src/server.ts')).length ?? 0,
  }));
});`;
  const { JWT_SECRET: _secret, ...env } = productionEnv(1);
  const run = spawnSync(
    process.execPath,
    ['--import', `data:text/javascript,${encodeURIComponent(probe)}`, path.join(serverDist, 'server.js')],
    { env, encoding: 'utf8' },
  );
  expect(run.stderr).toMatch(/JWT_SECRET/);
  const seen = JSON.parse(run.stdout) as { support: unknown; ownSources: number };
  expect(seen.support).toEqual({ enabled: true, nodeModules: false, generatedCode: false });
  expect(seen.ownSources).toBe(1);
});
