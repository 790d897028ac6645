/**
 * Favorite pharmacies and the pharmacy directory (spec 001 §7, decision 086). Every call that names
 * a patient goes through the patient-access guard (the responsible person of an active link may read
 * and save): the favorites, the nearby list (favorites marked) and the search (favorites of
 * `patientId`, or of the caller's own patient when absent). `pharmacy/geocodeZip/{zip}` reads the
 * bundled ZIP centroids only (signed-in callers; no patient to check).
 */
import {
  appRoutes,
  favoritePharmaciesResponse,
  geocodeZipParams,
  geocodeZipResponse,
  nearbyPharmaciesRequest,
  nearbyPharmaciesResponse,
  nearbyPharmaciesSize,
  pharmacySearchRequest,
  pharmacySearchResponse,
  ridParams,
  saveFavoritePharmaciesRequest,
  saveFavoritePharmaciesResponse,
} from '@dermis/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authenticate, authOf } from '../../plugins/authenticate';
import { accessedPatient, requirePatientAccess } from '../../plugins/patient-access';
import { notFound } from '../../lib/http-error';
import { zipCentroid } from '../../lib/geo/zip-centroids';
import { loadFavoritePharmacies, saveFavoritePharmacyChanges } from './favorite-pharmacies.repository';
import { nearbyPharmacies, searchPharmacies } from './pharmacy-directory.repository';

export async function pharmacyRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.addHook('preHandler', authenticate);

  app.get(
    `/${appRoutes.getFavoritePharmacies}`,
    {
      schema: { params: ridParams, response: { 200: favoritePharmaciesResponse } },
      preHandler: requirePatientAccess(),
    },
    async (request) => loadFavoritePharmacies(app.db, accessedPatient(request).patientId),
  );

  app.post(
    `/${appRoutes.saveFavoritePharmacies}`,
    {
      schema: { body: saveFavoritePharmaciesRequest, response: { 200: saveFavoritePharmaciesResponse } },
      preHandler: requirePatientAccess(),
    },
    async (request) =>
      saveFavoritePharmacyChanges(
        app.db,
        accessedPatient(request).patientId,
        request.body.patientPharmacyInfoList,
      ),
  );

  app.post(
    `/${appRoutes.pharmacySearch}`,
    {
      schema: { body: pharmacySearchRequest, response: { 200: pharmacySearchResponse } },
      preHandler: requirePatientAccess(
        (request) => (request.body as { patientId?: unknown }).patientId ?? authOf(request).patientId,
      ),
    },
    async (request) =>
      searchPharmacies(
        app.db,
        request.body.searchText,
        request.body.resultSetSize,
        accessedPatient(request).patientId,
      ),
  );

  app.post(
    `/${appRoutes.nearbyPharmacies}`,
    {
      schema: { body: nearbyPharmaciesRequest, response: { 200: nearbyPharmaciesResponse } },
      preHandler: requirePatientAccess(),
    },
    async (request) => {
      const zipCode = request.body.zipCode.slice(0, 5);
      const location = await zipCentroid(zipCode);
      return {
        zipCode,
        location,
        pharmacies: location
          ? await nearbyPharmacies(app.db, location, nearbyPharmaciesSize, accessedPatient(request).patientId)
          : [],
      };
    },
  );

  app.get(
    `/${appRoutes.geocodeZip}`,
    { schema: { params: geocodeZipParams, response: { 200: geocodeZipResponse } } },
    async (request) => {
      const zipCode = request.params.zip.slice(0, 5);
      const location = await zipCentroid(zipCode);
      if (!location) throw notFound('server.error.zipCodeUnknown');
      return { zipCode, location };
    },
  );

  return Promise.resolve();
}
