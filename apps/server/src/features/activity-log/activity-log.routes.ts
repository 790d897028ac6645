/** GET patient/activityLog/_rid/{id} (spec 000 §7): the log of the patient being viewed, through the guard. */
import { accountRoutes as paths, activityLogResponse, ridParams } from '@dermis/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authenticate } from '../../plugins/authenticate';
import { accessedPatient, requirePatientAccess } from '../../plugins/patient-access';
import { listActivity } from './activity-log.repository';

export async function activityLogRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.addHook('preHandler', authenticate);

  app.get(
    `/${paths.activityLog}`,
    {
      schema: { params: ridParams, response: { 200: activityLogResponse } },
      preHandler: requirePatientAccess(),
    },
    async (request) => listActivity(app.db, accessedPatient(request).patientId),
  );

  return Promise.resolve();
}
