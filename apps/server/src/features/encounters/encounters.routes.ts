/**
 * encounter/setHistoryFinished (spec 001 §7: the screening is done) and encounter/getByFilter (spec
 * 002 §7). setHistoryFinished names an encounter, not a patient: the guard runs on the encounter's
 * patient, and an unknown encounter is refused like a stranger's (403), so ids do not leak.
 */
import {
  appRoutes as paths,
  encountersResponse,
  errorResponse,
  getEncountersByFilterRequest,
  getUnfinishedEncountersRequest,
  setHistoryFinishedRequest,
  setHistoryFinishedResponse,
} from '@dermis/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { fastSerializerFor200 } from '../../lib/fast-serializer';
import { authenticate } from '../../plugins/authenticate';
import { accessedPatient, assertPatientAccess, requirePatientAccess } from '../../plugins/patient-access';
import {
  filterEncounters,
  findEncounterPatient,
  setHistoryFinished,
  unfinishedEncounters,
} from './encounters.service';

export async function encounterRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.addHook('preHandler', authenticate);

  app.post(
    `/${paths.setHistoryFinished}`,
    {
      schema: {
        body: setHistoryFinishedRequest,
        response: { 200: setHistoryFinishedResponse, 400: errorResponse, 403: errorResponse },
      },
    },
    async (request) => {
      const { encounterId, historyFinished } = request.body;
      const owner = await findEncounterPatient(app.db, encounterId);
      await assertPatientAccess(request, owner, { encounterId });
      return setHistoryFinished(app.db, encounterId, historyFinished);
    },
  );

  app.post(
    `/${paths.getEncountersByFilter}`,
    {
      schema: {
        body: getEncountersByFilterRequest,
        response: { 200: encountersResponse, 400: errorResponse, 403: errorResponse },
      },
      // A patient's whole visit list (hundreds of visits with their consents) is the appointments
      // page's read: fast-json-stringify instead of a Zod pass over every answer (decision 045).
      serializerCompiler: fastSerializerFor200(encountersResponse),
      preHandler: requirePatientAccess(),
    },
    async (request) => filterEncounters(app.db, accessedPatient(request).patientId, request.body),
  );

  app.post(
    `/${paths.getUnfinishedEncounters}`,
    {
      schema: {
        body: getUnfinishedEncountersRequest,
        response: { 200: encountersResponse, 400: errorResponse, 403: errorResponse },
      },
      preHandler: requirePatientAccess(),
    },
    async (request) => {
      const encounters = await unfinishedEncounters(app.db, accessedPatient(request).patientId);
      return { encounters, total: encounters.length };
    },
  );

  return Promise.resolve();
}
