/**
 * The real server (src/server.ts under tsx) as a child process, for tests of what only a process
 * shows: signals, start-up against a database that is not there yet, a locked data folder. Its
 * output is collected; tests wait for lines of it, never for time.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { repoRoot, serverRoot } from '../config/paths';

export interface ServerProcess {
  readonly child: ChildProcess;
  readonly port: number;
  readonly url: string;
  /** Everything printed so far (stdout and stderr). */
  output(): string;
  /** Resolves once the output matches; rejects when the process exits first. */
  waitForOutput(pattern: RegExp): Promise<void>;
  /** The exit code (or signal name), once it exits. */
  readonly exited: Promise<number | string>;
  /** SIGKILL if still running (for clean-up after a failed test). */
  kill(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

/** A child `dermis` command line (src/cli/dermis.ts under tsx); answers its exit code and output. */
export function runCli(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(serverRoot, 'src/cli/dermis.ts'), ...args],
    {
      cwd: repoRoot,
      env: { PATH: process.env.PATH, NODE_ENV: 'development', LOG_LEVEL: 'warn', ...env },
    },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, output })));
}

/** Starts the server with `env` on top of a development configuration on a free port. */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(serverRoot, 'src/server.ts')], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
      REMINDER_INTERVAL_SECONDS: '0',
      ...env,
    },
  });
  let output = '';
  const watchers = new Set<() => void>();
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    for (const watcher of watchers) watcher();
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => {
      resolve(code ?? signal ?? 'unknown');
      for (const watcher of watchers) watcher();
    }),
  );
  const waitForOutput = (pattern: RegExp) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (pattern.test(output)) {
          watchers.delete(check);
          resolve();
        } else if (child.exitCode !== null || child.signalCode !== null) {
          watchers.delete(check);
          reject(new Error(`the server exited before printing ${pattern}:\n${output}`));
        }
      };
      watchers.add(check);
      check();
    });
  return {
    child,
    port,
    url: `http://127.0.0.1:${port}`,
    output: () => output,
    waitForOutput,
    exited,
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await exited;
      }
    },
  };
}
