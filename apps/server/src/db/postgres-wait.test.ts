/**
 * Start-up beside a PostgreSQL that is not there yet: the real server, pointed at a TCP proxy of the
 * test's own that starts accepting only after the server has said it is waiting, starts and answers.
 * A PostgreSQL that never comes ends the wait with a clear message; a wrong database is not waited for.
 */
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { testServices } from '../config/env';
import { createPostgresDatabase } from '../test/database';
import { freePort, startServerProcess, type ServerProcess } from '../test/server-process';
import { openDatabase } from './database';
import { PostgresUnreachableError } from './postgres-wait';

const adminUrl = testServices().databaseUrl;
const cleanUps: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanUp of cleanUps.splice(0).reverse()) await cleanUp();
});

/** Forwards a port to PostgreSQL once `open()` is called; until then nothing listens there. */
function laterProxy(port: number, target: URL) {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => sockets.delete(socket));
    }
    client.pipe(upstream).pipe(client);
  });
  return {
    open: () => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve())),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        if (server.listening) server.close(() => resolve());
        else resolve();
      }),
  };
}

it('gives up on a PostgreSQL that never answers after the bounded wait, saying where and why', async () => {
  const port = await freePort();
  const retries: string[] = [];
  await expect(
    openDatabase(
      { kind: 'postgres', url: `postgres://dermis:secret@127.0.0.1:${port}/dermis` },
      { waitSeconds: 1, onRetry: ({ address, reason }) => retries.push(`${address} ${reason}`) },
    ),
  ).rejects.toThrow(new PostgresUnreachableError(`127.0.0.1:${port}`, 1, 'ECONNREFUSED'));
  expect(retries[0]).toBe(`127.0.0.1:${port} ECONNREFUSED`);
});

if (adminUrl) {
  describe('against PostgreSQL', () => {
    it('starts the server once a PostgreSQL that comes up late accepts connections', async () => {
      const created = await createPostgresDatabase(adminUrl);
      cleanUps.push(created.drop);
      const target = new URL(created.url);
      const proxyPort = await freePort();
      const proxy = laterProxy(proxyPort, target);
      cleanUps.push(proxy.close);
      const viaProxy = new URL(created.url);
      viaProxy.hostname = '127.0.0.1';
      viaProxy.port = String(proxyPort);

      const server: ServerProcess = await startServerProcess({
        DATABASE_URL: viaProxy.toString(),
        JWT_SECRET: 'postgres-wait-test-secret-0123456789abcdef',
      });
      cleanUps.push(server.kill);
      await server.waitForOutput(
        new RegExp(
          `PostgreSQL at 127\\.0\\.0\\.1:${proxyPort} is not reachable yet \\(ECONNREFUSED\\); retrying for up to 60 s`,
        ),
      );
      await proxy.open();
      await server.waitForOutput(/is listening on http/);
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
      expect(server.output()).not.toContain(viaProxy.password || 'no-password-in-url');
    }, 120_000);

    it('does not wait for a database that does not exist', async () => {
      const missing = new URL(adminUrl);
      missing.pathname = '/dermis_no_such_database';
      const retries: string[] = [];
      await expect(
        openDatabase(
          { kind: 'postgres', url: missing.toString() },
          { onRetry: ({ reason }) => retries.push(reason) },
        ),
      ).rejects.toMatchObject({ code: '3D000' });
      expect(retries).toEqual([]);
    });
  });
}
