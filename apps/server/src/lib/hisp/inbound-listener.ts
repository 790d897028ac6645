/**
 * Inbound Direct: the practice's HISP, having checked and decrypted the S/MIME
 * message, hands it to this SMTP listener. The listener
 * - answers only a HISP that authenticates (SMTP AUTH with DIRECT_INBOUND_USERNAME / _PASSWORD;
 *   over STARTTLS when a certificate is configured, always so in production);
 * - refuses a recipient that is not a Direct address of this portal at RCPT time (550), so the
 *   HISP bounces it to the sender instead of the portal losing it;
 * - refuses a message over DIRECT_INBOUND_MAX_BYTES (552);
 * - files a message into the inbox of each recipient by Direct address (a patient's, or the
 *   practice's own for the clinic), its attachments checked by content and stored through the blob
 *   store (the `DirectInbox` does the filing, compose/direct-inbox.ts);
 * - reads a delivery-failure notice (DSN, multipart/report; report-type=delivery-status) as the
 *   failure of the message it names, which moves to FAILED.
 */
import { timingSafeEqual, createHash } from 'node:crypto';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
// Types only here: the SMTP server and the MIME parser load when the listener starts, so a portal
// that receives no Direct messages never holds them in memory (decision 246).
import type { ParsedMail } from 'mailparser';
import type { SMTPServerDataStream } from 'smtp-server';
import type { Logger } from 'pino';
import { messageAttachmentTypes } from '@dermis/contract';
import type { DirectInboundConfig } from '../../config/env';
import type { DirectAttachment } from './hisp-client';

export interface InboundDirect {
  /** The envelope sender. */
  from: string;
  /** The sender's display name from the From header, if any. */
  fromName: string | null;
  /** The envelope recipients, each a Direct address of this portal. */
  to: string[];
  subject: string;
  text: string;
  messageId: string | null;
  attachments: DirectAttachment[];
}

/** Where the listener files what it receives (implemented over the message tables). */
export interface DirectInbox {
  /** True when `address` is a Direct address of this portal that can receive messages. */
  knows(address: string): Promise<boolean>;
  deliver(message: InboundDirect): Promise<void>;
  /** Moves the sent message with this Message-ID to FAILED; false when no sent message has it. */
  markFailed(messageId: string): Promise<boolean>;
}

export interface DirectListener {
  port: number;
  close(): Promise<void>;
}

/** Recipients one message may name: a HISP delivers per recipient domain, never to crowds. */
const maxRecipients = 100;

/** An SMTP answer to give the client (code and text), e.g. 552 for an oversized attachment. */
export class SmtpRefusal extends Error {
  constructor(
    message: string,
    readonly responseCode: number,
  ) {
    super(message);
  }
}

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
/** Compares secrets in constant time (hashing first makes the lengths equal). */
const sameSecret = (a: string, b: string) => timingSafeEqual(digest(a), digest(b));

export async function startDirectListener(
  config: DirectInboundConfig,
  inbox: DirectInbox,
  logger: Pick<Logger, 'info' | 'warn' | 'error'>,
): Promise<DirectListener> {
  const [{ SMTPServer }, { simpleParser }] = await Promise.all([import('smtp-server'), import('mailparser')]);
  const server = new SMTPServer({
    name: 'dermis-direct',
    banner: 'Dermis Direct inbound',
    size: config.maxBytes,
    authMethods: ['PLAIN', 'LOGIN'],
    authOptional: false,
    disableReverseLookup: true,
    maxClients: 20,
    socketTimeout: 60_000,
    logger: false,
    ...(config.tls
      ? { secure: false, key: config.tls.key, cert: config.tls.cert }
      : // Without a certificate (development, tests): no STARTTLS to offer, so AUTH goes in clear.
        { disabledCommands: ['STARTTLS'], allowInsecureAuth: true }),

    onAuth(auth, _session, callback) {
      const ok =
        (auth.method === 'PLAIN' || auth.method === 'LOGIN') &&
        sameSecret(auth.username ?? '', config.username) &&
        sameSecret(auth.password ?? '', config.password);
      if (!ok) {
        logger.warn(
          { username: (auth.username ?? '').slice(0, 64) },
          'direct inbound: authentication refused',
        );
        callback(new SmtpRefusal('Authentication failed', 535));
        return;
      }
      callback(null, { user: auth.username });
    },

    onRcptTo(address, session, callback) {
      if (session.envelope.rcptTo.length >= maxRecipients) {
        callback(new SmtpRefusal('Too many recipients', 452));
        return;
      }
      inbox
        .knows(address.address)
        .then((known) =>
          known ? callback() : callback(new SmtpRefusal(`No such Direct address: ${address.address}`, 550)),
        )
        .catch((error: unknown) => {
          logger.error({ err: error }, 'direct inbound: recipient lookup failed');
          callback(new SmtpRefusal('Temporary failure, try again later', 451));
        });
    },

    onData(stream, session, callback) {
      readAll(stream)
        .then(async (raw) => {
          if (stream.sizeExceeded) throw new SmtpRefusal('Message exceeds the size limit', 552);
          const parsed = await simpleParser(raw, { skipHtmlToText: false });
          if (isDeliveryReport(parsed)) {
            const ids = originalMessageIds(parsed, raw);
            let matched = false;
            for (const id of ids) if (await inbox.markFailed(id)) matched = true;
            logger.info({ matched, candidates: ids.length }, 'direct inbound: delivery-failure notice');
            return;
          }
          await inbox.deliver({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            fromName: parsed.from?.value[0]?.name || null,
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            messageId: parsed.messageId ?? null,
            attachments: parsed.attachments.map((a, i) => ({
              fileName: a.filename?.trim() || unnamedPart(i, a.contentType),
              contentType: a.contentType || 'application/octet-stream',
              content: a.content,
            })),
          });
        })
        .then(() => callback())
        .catch((error: unknown) => {
          if (error instanceof SmtpRefusal) {
            callback(error);
            return;
          }
          logger.error({ err: error }, 'direct inbound: filing the message failed');
          callback(new SmtpRefusal('Temporary failure, try again later', 451));
        });
    },
  });
  server.on('error', (error) => logger.error({ err: error }, 'direct inbound listener error'));

  server.listen(config.port, config.host);
  await Promise.race([
    once(server.server, 'listening'),
    once(server.server, 'error').then(([error]) => {
      throw error as Error;
    }),
  ]);
  const { port } = server.server.address() as AddressInfo;
  logger.info({ host: config.host, port }, 'direct inbound listener started');
  return {
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A name for an attachment sent without one, its extension from the declared type, so the content
 * check (which goes by extension) can still accept a PDF or an image; an unknown type gets none.
 */
function unnamedPart(index: number, contentType: string | undefined): string {
  const type = (contentType ?? '').toLowerCase();
  const extension = Object.entries(messageAttachmentTypes).find(([, mime]) => mime === type)?.[0];
  return `attachment-${index + 1}${extension ? `.${extension}` : ''}`;
}

/** Reads the whole message; past the size limit smtp-server stops keeping it and flags the stream. */
async function readAll(stream: SMTPServerDataStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** RFC 3462/6522: a report whose report-type is delivery-status. */
export function isDeliveryReport(parsed: ParsedMail): boolean {
  const type = parsed.headers.get('content-type') as
    { value?: string; params?: Record<string, string> } | undefined;
  return (
    type?.value?.toLowerCase() === 'multipart/report' &&
    (type.params?.['report-type'] ?? '').toLowerCase() === 'delivery-status'
  );
}

/**
 * The Message-IDs a delivery report may be about: the Original-Envelope-Id of its delivery-status
 * part (the portal sends its Message-ID as ENVID), the Message-ID of the returned headers, and the
 * report's In-Reply-To / References. The report's own Message-ID is never one of them.
 */
export function originalMessageIds(parsed: ParsedMail, raw: Buffer): string[] {
  const texts = [raw.toString('utf8'), ...parsed.attachments.map((a) => a.content.toString('utf8'))];
  const found = new Set<string>();
  const pattern = /^(?:Original-Envelope-Id|Message-ID)[ \t]*:[ \t]*(<[^>\s]{1,250}>)/gim;
  for (const text of texts) for (const match of text.matchAll(pattern)) found.add(match[1]!);
  const refs = [parsed.inReplyTo, ...[parsed.references ?? []].flat()].filter(
    (v): v is string => typeof v === 'string' && /^<[^>\s]{1,250}>$/.test(v),
  );
  for (const ref of refs) found.add(ref);
  if (parsed.messageId) found.delete(parsed.messageId);
  return [...found];
}
