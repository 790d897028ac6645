/**
 * Practice identity. PUT /api/integration/practice/branding (API key) sets it; GET
 * /api/practice-branding (public: the sign-in page needs it) reads it; GET
 * /api/practice-branding/:practiceId/logo serves the logo with its checked type. An SVG logo is
 * served under a CSP that forbids scripts and fetches even if one slipped past the check.
 */
import {
  entityId,
  practiceBrandingQuery,
  practiceBrandingRequest,
  practiceBrandingResponse,
  practiceBranding,
  practiceBrandingRoutes as paths,
} from '@dermis/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/http-error';
import { apiKeyPracticeOf, authenticateApiKey } from '../../plugins/api-key';
import { findLogo } from './practice-branding.repository';
import { getPracticeBranding, setPracticeBranding } from './practice-branding.service';

export async function practiceBrandingIntegrationRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.addHook('preHandler', authenticateApiKey);
  app.put(
    `/${paths.setBranding}`,
    { schema: { body: practiceBrandingRequest, response: { 200: practiceBrandingResponse } } },
    (request) => setPracticeBranding(app.db, apiKeyPracticeOf(request), request.body),
  );
  return Promise.resolve();
}

export async function practiceBrandingPublicRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    paths.branding,
    { schema: { querystring: practiceBrandingQuery, response: { 200: practiceBranding } } },
    (request) => getPracticeBranding(app.db, request.query.practiceId),
  );

  app.get(
    paths.logo,
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
  return Promise.resolve();
}
