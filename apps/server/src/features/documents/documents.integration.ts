/** PUT /api/integration/patients/{externalId}/documents/{documentExternalId}: file or replace a document. */
import {
  documentExternalIdParams,
  documentMaxBytes,
  errorResponse,
  integrationRoutes,
  upsertDocumentRequest,
  upsertDocumentResponse,
} from '@dermis/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiKeyPracticeOf, authenticateApiKey } from '../../plugins/api-key';
import { upsertDocument } from './documents.service';

const failures = { 400: errorResponse, 401: errorResponse, 404: errorResponse };

export async function documentsIntegrationRoutes(instance: FastifyInstance): Promise<void> {
  const api = instance.withTypeProvider<ZodTypeProvider>();
  api.addHook('preHandler', authenticateApiKey);

  api.put(
    `/${integrationRoutes.patientDocument}`,
    {
      // Base64 of the largest document, plus the other fields.
      bodyLimit: Math.ceil(documentMaxBytes / 3) * 4 + 64 * 1024,
      schema: {
        summary: 'File or replace a document of a patient, by the clinic’s own document id',
        description:
          'The content (base64) must be what mimeType says, checked by its bytes: PDF, PNG, JPEG, GIF, TIFF, XML or plain text.',
        security: [{ apiKey: [] }],
        params: documentExternalIdParams,
        body: upsertDocumentRequest,
        response: { 200: upsertDocumentResponse, 201: upsertDocumentResponse, ...failures },
      },
    },
    async (request, reply) => {
      const result = await upsertDocument(
        api,
        apiKeyPracticeOf(request),
        request.params.externalId,
        request.params.documentExternalId,
        request.body,
      );
      return reply.status(result.created ? 201 : 200).send(result);
    },
  );

  return Promise.resolve();
}
