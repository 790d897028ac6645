// `npm run bench:call-cpu`: what each screen call costs the machine, not only how fast it answers.
// Starts bench/serve.ts (PostgreSQL in a throw-away database when DATABASE_URL is set, else PGlite in
// the server's process), loads each call of bench/screens.ts alone with autocannon and prints its
// req/s, p50 and p99 beside the CPU time a request took in the server's process and in every
// PostgreSQL process of the machine, read from /proc (Linux only), and in the backends of the bench's
// own database alone (their process titles name it), which other engineers' work does not move. CPU time a request moves far less
// than req/s when other work shares the machine, so two versions of a call compare by it when run
// back to back. BENCH_CALLS: substrings of the calls' names, separated by "|" (a name may hold a
// comma); BENCH_SECONDS (5) and BENCH_CONNECTIONS (16) as in `npm run bench`.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { screenCalls } from './screens';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 16);
const wanted = (process.env.BENCH_CALLS ?? '').split('|').filter(Boolean);
/** Clock ticks a second of /proc/<pid>/stat's times (USER_HZ, 100 on Linux). */
const ticksPerSecond = 100;

/** User plus system CPU ticks of a process so far; 0 once it has gone. */
function cpuTicks(pid: number): number {
  try {
    // The fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

/**
 * CPU ticks of every PostgreSQL process now running (the backends serving the bench come and go with
 * its pool), and of those whose process title names `database` (a backend's title is
 * `postgres: … <user> <database> <host> <state>`).
 */
function postgresTicks(database: string | null): { all: number; bench: number } {
  let all = 0;
  let bench = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (!readFileSync(`/proc/${entry}/comm`, 'utf8').startsWith('postgres')) continue;
      const ticks = cpuTicks(Number(entry));
      all += ticks;
      if (database && readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(` ${database} `))
        bench += ticks;
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return { all, bench };
}

const server = spawn(process.execPath, ['--import', 'tsx', 'bench/serve.ts'], {
  stdio: ['ignore', 'pipe', 'inherit'],
});
const firstLine = await new Promise<string>((resolve, reject) => {
  createInterface({ input: server.stdout }).once('line', resolve);
  server.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
});
const target = JSON.parse(firstLine) as {
  dermisUrl: string;
  database: string;
  databaseName: string | null;
  heavy: { patientId: number; username: string; accessToken: string };
};
const serverPid = server.pid!;
const msPerRequest = (ticks: number, requests: number) =>
  Math.round(((ticks * 1000) / ticksPerSecond / requests) * 1000) / 1000;

const rows = [];
try {
  for (const call of screenCalls(target.heavy.patientId, target.heavy.username)) {
    if (wanted.length > 0 && !wanted.some((name) => call.name.includes(name))) continue;
    const options = {
      url: `${target.dermisUrl}/api/app/${call.path}`,
      method: call.method,
      headers: { authorization: `Bearer ${target.heavy.accessToken}`, 'content-type': 'application/json' },
      ...(call.body ? { body: JSON.stringify(call.body) } : {}),
      connections,
    };
    // Warm: the call's path compiled and its statements prepared on every pooled connection.
    await autocannon({ ...options, duration: 2 });
    const node0 = cpuTicks(serverPid);
    const postgres0 = postgresTicks(target.databaseName);
    const result = await autocannon({ ...options, duration: seconds });
    const requests = result.requests.total;
    const postgres = postgresTicks(target.databaseName);
    rows.push({
      call: call.name,
      'req/s': Math.round(result.requests.average),
      'p50 ms': result.latency.p50,
      'p99 ms': result.latency.p99,
      'non-2xx/errors': result.non2xx + result.errors + result.timeouts,
      'server CPU ms/req': msPerRequest(cpuTicks(serverPid) - node0, requests),
      'PostgreSQL CPU ms/req': msPerRequest(postgres.all - postgres0.all, requests),
      ...(target.databaseName
        ? { "bench database's CPU ms/req": msPerRequest(postgres.bench - postgres0.bench, requests) }
        : {}),
    });
  }
} finally {
  server.kill('SIGTERM');
}
console.log(
  `\nCPU a request of each screen call for the heavy patient on ${target.database}: ${connections} connections, ${seconds} s a call` +
    (target.database === 'PostgreSQL'
      ? ''
      : ' (the database runs in the server process: its CPU is in the server figure)'),
);
console.table(rows);
