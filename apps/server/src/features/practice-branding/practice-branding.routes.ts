/**
 * Practice identity. PUT /api/integration/practice/branding (API key) sets it; GET
 * /api/practice-branding (public: the sign-in page needs it) reads it; GET
 * /api/practice-branding/:practiceId/logo serves the logo with its checked type. An SVG logo is
 * served under a CSP that forbids scripts and fetches even if one slipped past the check.
 */
import { entityId, practiceBrandingCalls, practiceBrandingRoutes } from '@dermis/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/http-error';
import { registerCall } from '../../plugins/register-call';
import { findLogo } from './practice-branding.repository';
import { getPracticeBranding, setPracticeBranding } from './practice-branding.service';

export function registerPracticeBrandingCalls(app: FastifyInstance): void {
  registerCall(app, practiceBrandingCalls.set, ({ practiceId, body }) =>
    setPracticeBranding(app.db, practiceId, body),
  );
  registerCall(app, practiceBrandingCalls.get, ({ query }) => getPracticeBranding(app.db, query.practiceId));

  // The logo is an image, not a JSON answer: a route of its own, public like the sign-in page it shows on.
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      practiceBrandingRoutes.logo,
      { schema: { params: z.object({ practiceId: z.coerce.number().pipe(entityId) }) } },
      async (request, reply) => {
        const logo = await findLogo(app.db, request.params.practiceId);
        if (!logo) throw notFound();
        return reply
          .header('Content-Type', logo.mimeType)
          .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
          .header('X-Content-Type-Options', 'nosniff')
          .header('Cache-Control', 'public, max-age=86400')
          .send(Buffer.from(logo.base64, 'base64'));
      },
    );
}
