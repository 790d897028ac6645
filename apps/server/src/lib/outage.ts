/**
 * Outages of the services a request depends on (the database, Redis, the blob store). They answer
 * 503 with Retry-After and a message saying the service is briefly unavailable, never a generic 500:
 * the request was fine, and the same request a little later will work (docs/decisions/173).
 *
 * The Redis and blob stores wrap their own failures in ServiceUnavailable. Database failures come
 * from the driver under Drizzle's wrapper, so they are recognised by what the driver reports: a
 * connection that could not be opened or was lost, or a SQLSTATE saying the server cannot serve.
 */
/** `network`: a connection failed below a service that does not say which it is. */
export type Dependency = 'database' | 'redis' | 'blob store' | 'network';

/** Seconds a client is told to wait before trying again (an outage of a few seconds is a blip). */
export const retryAfterSeconds = 10;

export class ServiceUnavailable extends Error {
  override name = 'ServiceUnavailable';
  constructor(
    readonly dependency: Dependency,
    options?: { cause?: unknown },
  ) {
    super(`${dependency} unavailable`, options);
  }
}

/** Socket failures: nothing listened, the connection broke, or no answer came in time. */
const networkCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a server that cannot serve now: class 08 (connection exception), 53 (insufficient
 * resources: too many connections, disk full) and 57P01-57P03 (shutting down, crashed, starting).
 */
const unavailableSqlState = /^(08...|53...|57P0[123])$/;

/** node-postgres reports a lost or timed-out connection by message only. */
const lostConnection =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/;

/** The dependency whose outage caused `error` (looking through wrapped causes), or null. */
export function unavailableDependency(error: unknown): Dependency | null {
  let e: unknown = error;
  for (let depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    if (e instanceof ServiceUnavailable) return e.dependency;
    const { code, message, errors } = e as { code?: unknown; message?: unknown; errors?: unknown };
    if (typeof code === 'string' && unavailableSqlState.test(code)) return 'database';
    if (typeof code === 'string' && networkCodes.has(code)) return 'network';
    if (typeof message === 'string' && lostConnection.test(message)) return 'database';
    // Node reports a refused connection to a host with several addresses as an AggregateError.
    if (Array.isArray(errors) && errors.some((inner) => unavailableDependency(inner) !== null))
      return 'network';
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}
