/**
 * A real SMTP server on 127.0.0.1 for tests of what reaches a mail server (smtp-server, the same
 * package the SMTP mailer's own tests use), closed after each test. It can refuse chosen recipients
 * at RCPT TO with a reply code: 4xx is a temporary refusal, 5xx a permanent one.
 */
import { once } from 'node:events';
import net, { type AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterEach } from 'vitest';

export interface ReceivedMail {
  /** The envelope's recipients. */
  to: string[];
  /** The message as it arrived (headers and MIME body). */
  raw: string;
}

export interface SmtpListener {
  /** smtp://127.0.0.1:port, for SmtpMailer. */
  readonly url: string;
  /** Every message accepted so far, in order. */
  readonly received: ReceivedMail[];
  /** The reply code to refuse an address with, or undefined to accept it; may be changed between sends. */
  refuse: (address: string) => number | undefined;
  /** Stops listening (a mail server going down); nothing answers on the port until a new listener. */
  close(): Promise<void>;
}

/** A port nothing listens on now, for a mail server that is down and comes back on it later. */
export async function closedPort(): Promise<number> {
  const server = net.createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Returns a function starting a listener; every listener it started is closed after each test. */
export function useSmtpListeners(): (
  refuse?: SmtpListener['refuse'],
  port?: number,
) => Promise<SmtpListener> {
  const open = new Set<SmtpListener>();
  afterEach(async () => {
    await Promise.all([...open].map((listener) => listener.close()));
    open.clear();
  });
  return async (refuse, port) => {
    const listener = await startSmtpListener(refuse, port);
    open.add(listener);
    return listener;
  };
}

/** A listener on `port` (0: any free one), open until its close() is called. */
export async function startSmtpListener(
  refuse: SmtpListener['refuse'] = () => undefined,
  port = 0,
): Promise<SmtpListener> {
  const received: ReceivedMail[] = [];
  const listener = { url: '', received, refuse, close: () => Promise.resolve() };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onRcptTo(address, _session, callback) {
      const code = listener.refuse(address.address);
      if (code === undefined) return callback();
      const error = Object.assign(new Error(`mailbox unavailable (test refusal ${code})`), {
        responseCode: code,
      });
      callback(error);
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  let closed: Promise<void> | undefined;
  listener.close = () => (closed ??= new Promise<void>((resolve) => server.close(() => resolve())));
  server.listen(port, '127.0.0.1');
  await once(server.server, 'listening');
  listener.url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  return listener;
}
