/**
 * GET patient/responsiblePersons/_rid/{id}: who is responsible for the patient being viewed (spec 000
 * §2 "Responsible Persons"; the spec does not show the path, see docs/decisions/023). Through the guard.
 */
import { accountRoutes as paths, responsiblePersonsResponse, ridParams } from '@dermis/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authenticate } from '../../plugins/authenticate';
import { accessedPatient, requirePatientAccess } from '../../plugins/patient-access';
import { listResponsiblePersons } from './responsible-persons.repository';

export async function responsiblePersonsRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.addHook('preHandler', authenticate);

  app.get(
    `/${paths.responsiblePersons}`,
    {
      schema: { params: ridParams, response: { 200: responsiblePersonsResponse } },
      preHandler: requirePatientAccess(),
    },
    async (request) => listResponsiblePersons(app.db, accessedPatient(request).patientId),
  );

  return Promise.resolve();
}
