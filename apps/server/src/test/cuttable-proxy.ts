/**
 * A TCP proxy in front of a real service (PostgreSQL, Redis, S3) that a test can cut and restore:
 * cut closes every open connection and stops listening, so the app meets a real outage (a reset
 * connection, then a refused one) exactly as when the service stops; restore listens again on the
 * same port, and the app must find its way back by itself.
 */
import net from 'node:net';

export interface CuttableProxy {
  /** host:port of the proxy, to put in the app's URL in place of the service's. */
  readonly address: string;
  readonly port: number;
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startCuttableProxy(target: { host: string; port: number }): Promise<CuttableProxy> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      // A cut resets both ends; the error is the point of the test, not a failure of the proxy.
      socket.on('error', () => socket.destroy());
    }
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve((server.address() as net.AddressInfo).port);
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      if (!server.listening) return resolve();
      server.close(() => resolve());
    });
  const port = await listen(0);
  return {
    address: `127.0.0.1:${port}`,
    port,
    cut: stop,
    restore: async () => {
      await listen(port);
    },
    close: stop,
  };
}
