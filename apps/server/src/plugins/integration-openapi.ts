/**
 * The integration API's OpenAPI document, generated from the contract schemas of every route under
 * /api/integration, whichever feature registers it. Swagger is registered on the root so it sees all
 * routes; everything outside the integration prefix is left out of the document.
 */
import swagger from '@fastify/swagger';
import { apiPrefix, integrationRoutes } from '@dermis/contract';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** Call before any feature registers its routes. */
export async function registerIntegrationOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Dermis integration API',
        description:
          'How clinic systems feed Dermis. Every call needs a practice API key in the X-Api-Key header.',
        version: app.config.appVersion,
      },
      components: { securitySchemes: { apiKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key' } } },
    },
    transform: (input) =>
      input.url.startsWith(`${apiPrefix.integration}/`)
        ? jsonSchemaTransform(input)
        : { schema: { ...input.schema, hide: true }, url: input.url },
  });
  app.get(`${apiPrefix.integration}/${integrationRoutes.openapi}`, { schema: { hide: true } }, () =>
    app.swagger(),
  );
}
