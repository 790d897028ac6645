/**
 * Security headers on every answer, with a strict Content-Security-Policy: only our own origin may
 * supply scripts, and of inline scripts only those of the served page, each named by its hash
 * (`inlineScripts`, from inline-script-hashes.ts; never 'unsafe-inline'). Images may also be data:
 * URLs (avatars, QR codes), and styles may be inline because Mantine injects them at run time.
 * Images may come from the map tile server when MAP_TILE_URL is set, and from nowhere else outside
 * the portal.
 *
 * Every /api answer is `Cache-Control: no-store` (health data and tokens must not stay in a shared
 * or browser cache), and HSTS is sent only on answers to HTTPS requests, as RFC 6797 §7.2 asks:
 * directly over TLS, or through a proxy trusted by TRUST_PROXY that says X-Forwarded-Proto: https.
 *
 * helmet's headers are worked out once, at start-up, and copied onto every answer. (The
 * @fastify/helmet plugin built helmet's middleware anew for every request and parsed the policy each
 * time: about a twentieth of the server's time on the hottest read, docs/decisions/045.)
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { tileCspSource } from '../config/env';

export function registerSecurityHeaders(app: FastifyInstance, inlineScripts: readonly string[] = []): void {
  // The pharmacies map's tile server, only when one is configured (decision 088).
  const tiles = app.config.mapTileUrl ? [tileCspSource(app.config.mapTileUrl)] : [];
  const headers = helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...inlineScripts],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // blob: for the photo being cropped (an object URL of the chosen file, never leaves the page).
        imgSrc: ["'self'", 'data:', 'blob:', ...tiles],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // Same rule as frame-ancestors 'none', for browsers that only know the older header.
    frameguard: { action: 'deny' },
    hsts: false,
  });
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    if (isApiPath(request.url)) reply.header('Cache-Control', 'no-store');
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', hsts);
    done(null, payload);
  });
}

/** The headers helmet sets with these options (its middleware is synchronous and the same for every request). */
function helmetHeaders(options: Parameters<typeof helmet>[0]): [string, string][] {
  const headers: [string, string][] = [];
  const response = {
    setHeader: (name: string, value: string) => headers.push([name, value]),
    // helmet removes X-Powered-By, which Node's HTTP server never sets.
    removeHeader: () => undefined,
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error !== undefined) throw new Error('helmet could not apply its options', { cause: error });
  });
  return headers;
}

const hsts = 'max-age=31536000; includeSubDomains';

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}
