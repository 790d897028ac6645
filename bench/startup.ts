// Start-up and size figures, printed by `npm run bench` (and alone by `npm run bench:startup`):
// - the production server: the compiled bundle under plain node (what `npm start` runs) against the
//   TypeScript source under tsx (what it ran before), each started on a fresh embedded database
//   (first start: migrations) and again on the same one (restart): milliseconds until /healthz
//   answers and resident memory (RSS) then;
// - the web build: JavaScript /login downloads before it shows and the size of every chunk.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer, serverDist } from '../apps/server/build';
import { chunkSizes, hasOwnChunk, initialChunks, total, webDist } from '../apps/web/e2e/support/bundle';

const repoRoot = fileURLToPath(new URL('../', import.meta.url));
const kb = (bytes: number) => Math.round(bytes / 100) / 10;

interface Start {
  readyMs: number;
  rssMb: number;
}

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kib / 1024);
}

async function startOnce(args: string[], dataDir: string, port: number): Promise<Start> {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    JWT_SECRET: 'bench-startup-secret-0123456789abcdef0123',
    SMTP_URL: 'smtp://127.0.0.1:9',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
  };
  const started = performance.now();
  const child = spawn(process.execPath, args, { cwd: repoRoot, env, stdio: 'ignore' });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with ${child.exitCode}`);
      const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return { readyMs: Math.round(performance.now() - started), rssMb: rssMb(child.pid!) };
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
}

/**
 * The Node flags `npm start` gives the compiled server (package.json), so the figure is that of the
 * process production runs; the source variant gets the same V8 flags.
 */
export function startFlags(): string[] {
  const scripts = (
    JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    }
  ).scripts;
  const flags = /\bnode ((?:--\S+ )*)apps\/server\/dist\/server\.js/.exec(scripts.start ?? '')?.[1];
  if (flags === undefined)
    throw new Error('package.json: the start script no longer runs apps/server/dist/server.js');
  return flags.split(' ').filter(Boolean);
}

export async function printStartup(port = Number(process.env.BENCH_STARTUP_PORT ?? 8399)): Promise<void> {
  await buildServer();
  const flags = startFlags();
  const variants = [
    {
      server: 'compiled (node dist/server.js)',
      args: [...flags, path.join(serverDist, 'server.js')],
    },
    {
      server: 'source (tsx src/server.ts)',
      args: [
        ...flags.filter((f) => f !== '--enable-source-maps'),
        '--import',
        'tsx',
        'apps/server/src/server.ts',
      ],
    },
  ];
  const rows = [];
  for (const variant of variants) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dermis-bench-startup-'));
    try {
      const first = await startOnce(variant.args, dataDir, port);
      const again = await startOnce(variant.args, dataDir, port);
      rows.push({
        server: variant.server,
        'first start ms': first.readyMs,
        'restart ms': again.readyMs,
        'RSS MB': again.rssMb,
      });
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
  console.log(
    `\nProduction start (PGlite, NODE_ENV=production, node ${flags.join(' ')}): until /healthz answers, RSS then (target < 350 MB)`,
  );
  console.table(rows);
}

export function printBundle(): void {
  if (!fs.existsSync(path.join(webDist, '.vite', 'manifest.json'))) {
    console.log('\nWeb bundle: no build in apps/web/dist (npm run build)');
    return;
  }
  // The sign-in route is in the `public` chunk the entry loads (decision 259), unless it has its own.
  const signIn = 'src/app/routes/login-route.tsx';
  const login = total(initialChunks(webDist, hasOwnChunk(webDist, signIn) ? [signIn] : []));
  console.log(
    `\nWeb bundle: /login loads ${kb(login.gzipBytes)} kB gzip of JavaScript (${kb(login.bytes)} kB)`,
  );
  console.table(
    chunkSizes(webDist).map((c) => ({ chunk: c.file, kB: kb(c.bytes), 'gzip kB': kb(c.gzipBytes) })),
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  printBundle();
  await printStartup();
}
