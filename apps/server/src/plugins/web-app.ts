/**
 * Serves the built web app (WEB_DIST) when it exists, with the single-page-app fallback: a browser
 * navigation to any non-API path gets index.html and the client router takes over. Everything else
 * that matches no route answers 404 in the errorResponse shape; under /fhir, a FHIR OperationOutcome.
 * The page's inline scripts run because the policy names their hashes, read from this same
 * index.html at start-up (inline-script-hashes.ts): a page replaced under a running server needs a
 * restart.
 */
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sendNotFound } from './error-handler';

export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  const hasWeb = fs.existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      // The build's brotli and gzip copies (apps/web/vite/precompress.ts), sent as they are to a
      // browser that accepts them: a slow network downloads the app at a fifth of its size.
      preCompressed: true,
      // Our own Cache-Control below; the plugin's default (max-age=0) would overwrite it.
      cacheControl: false,
      // Vite's hashed assets may be cached for ever; everything else (index.html, the badges partner
      // sites embed, the favicon) must be revalidated to pick up a release.
      setHeaders: (res, file) => {
        const hashed = file.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
        // The same address answers brotli, gzip or plain bytes: a shared cache must keep them apart.
        res.setHeader('Vary', 'Accept-Encoding');
      },
    });
  } else {
    app.log.debug({ webDist }, 'no web build found; serving the API only');
  }

  app.setNotFoundHandler((request, reply) => {
    // A health app may mistype the FHIR base: it gets FHIR's own "not found", never the web page.
    if (isUnder(request.url, '/fhir')) {
      return reply
        .status(404)
        .header('Cache-Control', 'no-store')
        .type('application/fhir+json; charset=utf-8')
        .send(
          JSON.stringify({
            resourceType: 'OperationOutcome',
            issue: [{ severity: 'error', code: 'not-found', diagnostics: 'No FHIR server at this address' }],
          }),
        );
    }
    if (hasWeb && isPageNavigation(request)) {
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    return sendNotFound(reply);
  });
}

/** `url` is `prefix` itself or below it (`/fhir`, `/fhir/…`, `/fhir?…`), not `/fhirfoo`. */
function isUnder(url: string, prefix: string): boolean {
  return url === prefix || url.startsWith(`${prefix}/`) || url.startsWith(`${prefix}?`);
}

function isPageNavigation(request: FastifyRequest): boolean {
  const url = request.url;
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    !url.startsWith('/api/') &&
    url !== '/api' &&
    !url.startsWith('/healthz') &&
    !url.startsWith('/readyz') &&
    // The health-apps API (FHIR) and its authorization server answer JSON, never the page.
    !isUnder(url, '/oauth2') &&
    // A page address has no file extension (a missing /assets/x.js must stay a 404, not become HTML).
    !/\.[a-z0-9]+$/i.test(url.split('?')[0] ?? '')
  );
}
