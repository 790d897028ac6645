/**
 * LISTEN on one channel, with the state of the subscription reported: a reader of the notifications
 * (the caller cache, decision 286) may only trust what it holds while it is sure to hear of every
 * change, that is between `connected` and `disconnected`.
 */
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

export interface ListenEvents {
  /** The subscription is in place: from now on every committed notification reaches `notified`. */
  connected(): void;
  /** The subscription is lost (or not yet made): notifications may be missed until `connected`. */
  disconnected(): void;
  notified(payload: string): void;
}

export interface Listener {
  close(): Promise<void>;
}

/** Seconds between two attempts to (re)connect the listening connection to PostgreSQL. */
const reconnectSeconds = 1;

/**
 * PostgreSQL: a connection of its own, outside the pool (a pooled connection is shared and goes back
 * to the pool). When it fails or ends it is replaced, every `reconnectSeconds`, until `close`: a
 * database outage ends and the listener recovers by itself, like the pool's connections.
 */
export function listenPostgres(url: string, channel: string, events: ListenEvents): Listener {
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | undefined;
  let closed = false;

  const connect = async (): Promise<void> => {
    if (closed) return;
    const candidate = new pg.Client({
      connectionString: url,
      keepAlive: true,
      connectionTimeoutMillis: 5_000,
    });
    let lost = false;
    const onLost = () => {
      if (lost) return;
      lost = true;
      if (client === candidate) client = null;
      events.disconnected();
      candidate.end().catch(() => undefined);
      if (!closed) retry = setTimeout(() => void connect(), reconnectSeconds * 1000);
    };
    candidate.on('error', onLost);
    candidate.on('end', onLost);
    candidate.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) events.notified(message.payload);
    });
    try {
      await candidate.connect();
      await candidate.query(`LISTEN ${channel}`);
    } catch {
      onLost();
      return;
    }
    if (closed || lost) {
      await candidate.end().catch(() => undefined);
      return;
    }
    client = candidate;
    events.connected();
  };

  events.disconnected();
  void connect();
  return {
    close: async () => {
      closed = true;
      clearTimeout(retry);
      const open = client;
      client = null;
      await open?.end().catch(() => undefined);
    },
  };
}

/**
 * PGlite: one connection inside the process, so the subscription lasts as long as the database.
 * PGlite hands a transaction's notifications over when it commits, before the commit returns.
 */
export function listenPglite(client: PGlite, channel: string, events: ListenEvents): Listener {
  events.disconnected();
  let closed = false;
  const subscribed = client
    .listen(channel, (payload) => events.notified(payload))
    .then((unlisten) => {
      if (!closed) events.connected();
      return unlisten;
    });
  return {
    close: async () => {
      closed = true;
      events.disconnected();
      if (client.closed) return;
      const unlisten = await subscribed.catch(() => null);
      if (unlisten && !client.closed) await unlisten().catch(() => undefined);
    },
  };
}
