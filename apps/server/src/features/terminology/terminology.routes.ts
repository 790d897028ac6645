/**
 * Terminology searches (spec 001 §7): `fdb/search/searchAllergensByName`,
 * `prescription/searchPrescriptionsByFilter` and `subjective/searchSnomed`. Signed-in callers only;
 * they read reference data, never a patient's, so the patient-access guard has nothing to check.
 */
import {
  appRoutes as paths,
  searchAllergensByNameRequest,
  searchAllergensByNameResponse,
  searchPrescriptionsByFilterRequest,
  searchPrescriptionsByFilterResponse,
  searchSnomedRequest,
  searchSnomedResponse,
} from '@dermis/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authenticate } from '../../plugins/authenticate';
import { searchAllergens, searchDrugs, searchSnomedConcepts } from './terminology.service';

export async function terminologyRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.addHook('preHandler', authenticate);

  app.post(
    `/${paths.searchAllergensByName}`,
    { schema: { body: searchAllergensByNameRequest, response: { 200: searchAllergensByNameResponse } } },
    async (request) => searchAllergens(app.db, request.body.searchText, request.body.maxResults),
  );

  app.post(
    `/${paths.searchPrescriptionsByFilter}`,
    {
      schema: {
        body: searchPrescriptionsByFilterRequest,
        response: { 200: searchPrescriptionsByFilterResponse },
      },
    },
    async (request) => searchDrugs(app.db, request.body.searchText, request.body.maxResults),
  );

  app.post(
    `/${paths.searchSnomed}`,
    { schema: { body: searchSnomedRequest, response: { 200: searchSnomedResponse } } },
    async (request) =>
      searchSnomedConcepts(app.db, request.body.searchText, request.body.sectionId, request.body.maxResults),
  );

  return Promise.resolve();
}
