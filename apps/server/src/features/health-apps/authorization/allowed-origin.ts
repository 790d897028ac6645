/**
 * Which browser origins may call the token, revocation and introspection endpoints and the FHIR API
 * (CORS): those of an enabled registered app's redirect addresses. An app registered for loopback
 * addresses on any port (RFC 8252 §7.3) is allowed its loopback host on any port.
 */
import { isNull } from 'drizzle-orm';
import type { Db } from '../../../db/database';
import { healthApp } from '../../../db/schema';

const loopbackHosts = new Set(['127.0.0.1', 'localhost', '[::1]']);

export function originMatches(
  origin: string,
  redirectUris: readonly string[],
  loopbackAnyPort: boolean,
): boolean {
  const given = URL.parse(origin);
  if (!given || given.origin !== origin) return false;
  return redirectUris.some((uri) => {
    const allowed = URL.parse(uri);
    if (!allowed) return false;
    if (allowed.origin === origin) return true;
    return (
      loopbackAnyPort &&
      allowed.protocol === 'http:' &&
      given.protocol === 'http:' &&
      loopbackHosts.has(allowed.hostname) &&
      allowed.hostname === given.hostname
    );
  });
}

/** `allowedOrigin(origin)`: true when some enabled app of the deployment redirects to that origin. */
export function createAllowedOrigin(db: Db): (origin: string) => Promise<boolean> {
  return async (origin) => {
    if (!origin || origin === 'null') return false;
    const apps = await db
      .select({ redirectUris: healthApp.redirectUris, loopbackAnyPort: healthApp.loopbackAnyPort })
      .from(healthApp)
      .where(isNull(healthApp.disabledAt));
    return apps.some((app) => originMatches(origin, app.redirectUris, app.loopbackAnyPort));
  };
}
