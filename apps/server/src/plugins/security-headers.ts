/**
 * Security headers on every answer, with a strict Content-Security-Policy: only our own origin may
 * supply scripts (no inline scripts), images may also be data: URLs (avatars, QR codes), and styles
 * may be inline because Mantine injects them at run time. Images may come from the map tile server
 * when MAP_TILE_URL is set, and from nowhere else outside the portal.
 *
 * Every /api answer is `Cache-Control: no-store` (health data and tokens must not stay in a shared
 * or browser cache), and HSTS is sent only on answers to HTTPS requests, as RFC 6797 §7.2 asks:
 * directly over TLS, or through a proxy trusted by TRUST_PROXY that says X-Forwarded-Proto: https.
 */
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { tileCspSource } from '../config/env';

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  // The pharmacies map's tile server, only when one is configured (decision 088).
  const tiles = app.config.mapTileUrl ? [tileCspSource(app.config.mapTileUrl)] : [];
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
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

  app.addHook('onSend', async (request, reply, payload) => {
    if (isApiPath(request.url)) reply.header('Cache-Control', 'no-store');
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', hsts);
    return payload;
  });
}

const hsts = 'max-age=31536000; includeSubDomains';

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}
