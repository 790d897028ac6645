/**
 * How `dermis backup` reaches a running server: the server listens on a Unix socket inside the data
 * folder (DATA_DIR/run/control.sock, in a folder only its owner may enter) and answers "dump" with a
 * snapshot of its embedded database. Whoever can enter that folder can already read the data files,
 * so the socket gives no one more than they have.
 */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/** Unix socket paths are limited to about 107 bytes. */
const maxSocketPath = 100;

export function controlSocketPath(dataDir: string): string {
  return path.join(dataDir, 'run', 'control.sock');
}

export interface ControlSocket {
  close(): Promise<void>;
}

/**
 * Listens for dump requests; null (after saying why) when the path is too long for a Unix socket.
 * The caller holds the data folder lock, so a socket file left by a crash is ours to replace.
 */
export async function listenForDumps(
  dataDir: string,
  dump: () => Promise<Blob>,
  onError: (message: string, error?: unknown) => void,
): Promise<ControlSocket | null> {
  const file = controlSocketPath(dataDir);
  if (file.length > maxSocketPath) {
    onError(
      `${file} is too long for a Unix socket: \`dermis backup\` works only while the server is stopped`,
    );
    return null;
  }
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  fs.chmodSync(path.dirname(file), 0o700);
  fs.rmSync(file, { force: true });
  const server = net.createServer((socket) => {
    socket.on('error', () => undefined);
    socket.once('data', (chunk: Buffer) => {
      if (chunk.toString().trim() !== 'dump') {
        socket.end('error unknown request\n');
        return;
      }
      dump()
        .then(async (blob) => {
          const bytes = Buffer.from(await blob.arrayBuffer());
          socket.write(`ok ${bytes.length}\n`);
          socket.end(bytes);
        })
        .catch((error: unknown) => {
          onError('a backup through the control socket failed', error);
          socket.end('error the server could not take a snapshot; see its log\n');
        });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(file, () => resolve());
  });
  fs.chmodSync(file, 0o600);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
      }),
  };
}

/**
 * Asks the server running on `dataDir` for a snapshot of its database; null when none answers (the
 * folder's lock is held by a process that does not listen, or the socket is a crash's leftover).
 */
export async function requestDump(dataDir: string): Promise<Buffer | null> {
  const file = controlSocketPath(dataDir);
  return new Promise<Buffer | null>((resolve, reject) => {
    const socket = net.connect(file);
    const chunks: Buffer[] = [];
    let connected = false;
    socket.once('connect', () => {
      connected = true;
      socket.write('dump\n');
    });
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.once('error', (error: NodeJS.ErrnoException) => {
      if (!connected && ['ENOENT', 'ECONNREFUSED'].includes(error.code ?? '')) resolve(null);
      else reject(error);
    });
    socket.once('end', () => {
      const all = Buffer.concat(chunks);
      const newline = all.indexOf('\n');
      const head = all.subarray(0, newline).toString();
      const ok = /^ok (\d+)$/.exec(head);
      if (!ok) {
        reject(new Error(head.replace(/^error /, '') || 'the server closed the control socket'));
        return;
      }
      const bytes = all.subarray(newline + 1);
      if (bytes.length !== Number(ok[1])) reject(new Error('the snapshot from the server was cut short'));
      else resolve(bytes);
    });
  });
}
