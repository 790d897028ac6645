// npm run bench: starts bench/serve.ts in its own process and loads it from this one with autocannon,
// one scenario after another so they never compete, then prints one table. Figures are printed, never
// asserted: they depend on the machine.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';

interface Target {
  dermisUrl: string;
  bareUrl: string;
  accessToken: string;
  username: string;
  password: string;
  bytes: number;
}

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);

const server = spawn(process.execPath, ['--import', 'tsx', 'bench/serve.ts'], {
  stdio: ['ignore', 'pipe', 'inherit'],
});
const firstLine = await new Promise<string>((resolve, reject) => {
  createInterface({ input: server.stdout }).once('line', resolve);
  server.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
});
const target = JSON.parse(firstLine) as Target;

async function load(title: string, options: autocannon.Options) {
  const result = await autocannon({ connections, duration: seconds, ...options });
  const failed = result.non2xx + result.errors + result.timeouts;
  return {
    scenario: title,
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    requests: result.requests.total,
    'non-2xx/errors': failed,
  };
}

const json = { 'content-type': 'application/json' };
const rows = [];
rows.push(
  await load('bare Fastify, same JSON', {
    url: `${target.bareUrl}/bare`,
    method: 'POST',
    headers: json,
    body: '{}',
  }),
);
rows.push(
  await load('POST patient/getByUsername', {
    url: `${target.dermisUrl}/api/app/patient/getByUsername`,
    method: 'POST',
    headers: { ...json, authorization: `Bearer ${target.accessToken}` },
    body: JSON.stringify({ username: target.username }),
  }),
);
rows.push(
  await load('POST login (argon2id)', {
    url: `${target.dermisUrl}/api/auth/login`,
    method: 'POST',
    headers: json,
    body: JSON.stringify({ username: target.username, password: target.password }),
  }),
);

const [bare, profile, signIn] = rows;
console.log(
  `\nDermis bench: ${connections} connections, ${seconds} s a scenario, ${target.bytes}-byte profile JSON`,
);
console.table(rows);
console.log(
  `getByUsername throughput is ${((profile!['req/s'] / bare!['req/s']) * 100).toFixed(1)}% of the bare route's`,
);
console.log(`sign-ins per second: ${signIn!['req/s']}`);

server.kill('SIGTERM');
