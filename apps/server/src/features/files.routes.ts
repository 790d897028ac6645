/**
 * Avatar, documents and insurance: every route of the three features and the blob
 * addresses, registered from app.ts with one line.
 */
import { apiPrefix } from '@dermis/contract';
import type { FastifyInstance } from 'fastify';
import { avatarRoutes } from './avatar/avatar.routes';
import { blobStoreRoutes } from './blobs/blobs.routes';
import { ensureDemoDocumentBlobs } from './documents/documents.demo';
import { documentsIntegrationRoutes } from './documents/documents.integration';
import { documentsRoutes } from './documents/documents.routes';
import { registerInsuranceCalls } from './insurance/insurance.routes';

export async function filesRoutes(app: FastifyInstance): Promise<void> {
  // The demo documents' bytes, written on start when missing (see documents.demo.ts).
  app.addHook('onReady', async () => {
    await ensureDemoDocumentBlobs(app.db, app.blobs);
  });
  await app.register(blobStoreRoutes);
  await app.register(avatarRoutes, { prefix: apiPrefix.app });
  await app.register(documentsRoutes, { prefix: apiPrefix.app });
  await app.register(documentsIntegrationRoutes, { prefix: apiPrefix.integration });
  registerInsuranceCalls(app);
}
