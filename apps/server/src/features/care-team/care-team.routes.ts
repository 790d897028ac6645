/**
 * Care team and provider directory (spec 001 §7): `GET careteam/getById/_rid/{patientId}` and
 * `POST careteam/save` through the patient-access guard, and `POST nppes/search`, which reads
 * reference data only (signed-in callers; no patient to check).
 */
import {
  appRoutes,
  careTeamResponse,
  nppesSearchRequest,
  nppesSearchResponse,
  ridParams,
  saveCareTeamRequest,
} from '@dermis/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authenticate } from '../../plugins/authenticate';
import { accessedPatient, requirePatientAccess } from '../../plugins/patient-access';
import { loadCareTeam, saveCareTeam } from './care-team.repository';
import { searchProviders } from './provider-directory.repository';

export async function careTeamRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.addHook('preHandler', authenticate);

  app.get(
    `/${appRoutes.getCareTeam}`,
    {
      schema: { params: ridParams, response: { 200: careTeamResponse } },
      preHandler: requirePatientAccess(),
    },
    async (request) => loadCareTeam(app.db, accessedPatient(request).patientId),
  );

  app.post(
    `/${appRoutes.saveCareTeam}`,
    {
      schema: { body: saveCareTeamRequest, response: { 200: careTeamResponse } },
      preHandler: requirePatientAccess(),
    },
    async (request) =>
      saveCareTeam(app.db, accessedPatient(request).patientId, request.body.patientCareTeam.careTeamMembers),
  );

  app.post(
    `/${appRoutes.nppesSearch}`,
    { schema: { body: nppesSearchRequest, response: { 200: nppesSearchResponse } } },
    async (request) => searchProviders(app.db, request.body.searchText, request.body.limit),
  );

  return Promise.resolve();
}
