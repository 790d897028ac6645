/**
 * SIGTERM to a real server process with requests in flight: every request that has arrived gets its
 * whole answer, idle keep-alive connections are closed by the server (not reset), new connections
 * are refused, and the process then exits 0. The server starts over a stale data-folder lock.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { givenMigratedDataDir } from './test/migrated-pglite';
import { startServerProcess, type ServerProcess } from './test/server-process';

let server: ServerProcess | undefined;
afterEach(async () => {
  await server?.kill();
});

/** One HTTP/1.1 connection spoken by hand, so a test can stop halfway through a request. */
function connection(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  let received = '';
  let error: NodeJS.ErrnoException | null = null;
  socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
  socket.on('error', (e: NodeJS.ErrnoException) => (error = e));
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  const connected = new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('error', reject);
  });
  connected.catch(() => undefined); // a refused connection is asserted through error()
  /** The first complete response on the connection, or what was there when it closed. */
  const response = () =>
    new Promise<{ status: number | null; body: string; error: string | null }>((resolve) => {
      const check = () => {
        const head = received.indexOf('\r\n\r\n');
        const length = /content-length: (\d+)/i.exec(received.slice(0, head))?.[1];
        const complete = head >= 0 && length !== undefined && received.length >= head + 4 + Number(length);
        if (complete || socket.destroyed) {
          socket.off('data', check);
          resolve({
            status: complete ? Number(/^HTTP\/1\.1 (\d{3})/.exec(received)?.[1]) : null,
            body: complete ? received.slice(head + 4, head + 4 + Number(length)) : received,
            error: error?.code ?? null,
          });
        }
      };
      socket.on('data', check);
      void closed.then(check);
      check();
    });
  return { socket, connected, closed, response, error: () => error };
}

it('answers the requests in flight at SIGTERM, closes idle connections and exits 0', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dermis-shutdown-'));
  await givenMigratedDataDir(dataDir);
  // A lock file left by a crash, naming a pid that now belongs to another live process (this one).
  fs.writeFileSync(path.join(dataDir, 'db.lock'), `${process.pid}\n`);
  server = await startServerProcess({ DATA_DIR: dataDir });
  await server.waitForOutput(/is listening on http/);

  // Idle keep-alive connections: one finished request each, then nothing.
  const idle = Array.from({ length: 4 }, () => connection(server!.port));
  for (const c of idle) {
    c.socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n');
    expect((await c.response()).status).toBe(200);
  }

  // Sign-ins whose headers have arrived and whose bodies are still on their way.
  const body = JSON.stringify({ username: 'nobody.here', password: 'WrongPassword9' });
  const inFlight = Array.from({ length: 24 }, () => connection(server!.port));
  await Promise.all(inFlight.map((c) => c.connected));
  for (const c of inFlight) {
    c.socket.write(
      `POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`,
    );
  }
  const arrived = () =>
    server!
      .output()
      .match(
        /"url":"\/api\/auth\/login"[^\n]*"msg":"incoming request"|"msg":"incoming request"[^\n]*"url":"\/api\/auth\/login"/g,
      )?.length ?? 0;
  await expect.poll(arrived).toBe(24);

  server.child.kill('SIGTERM');
  await server.waitForOutput(/shutting down/);
  // The listener is closed: a new connection is refused rather than accepted and dropped.
  const late = connection(server.port);
  await late.closed;
  expect(late.error()?.code).toBe('ECONNREFUSED');

  for (const c of inFlight) c.socket.write(body.slice(10));
  const answers = await Promise.all(inFlight.map((c) => c.response()));
  expect(answers.map((a) => a.error)).toEqual(answers.map(() => null));
  // A wrong sign-in (or its throttle): a whole answer from the app, not the 503 of a closing server.
  for (const answer of answers) {
    expect([401, 429]).toContain(answer.status);
    expect(JSON.parse(answer.body)).toHaveProperty('error');
  }

  // Idle connections end cleanly (FIN, not a reset), and the process exits on its own.
  await Promise.all(idle.map((c) => c.closed));
  expect(idle.map((c) => c.error()?.code ?? null)).toEqual(idle.map(() => null));
  expect(await server.exited, server.output().slice(-3000)).toBe(0);
}, 180_000);
