/** App-server calls about patient records (spec 000 §7). Every one passes the patient-access guard. */
import {
  appRoutes as paths,
  getByUsernameRequest,
  patientProfile,
  ridParams,
  userProfile,
} from '@dermis/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { fastSerializer } from '../../lib/fast-serializer';
import { authenticate, authOf } from '../../plugins/authenticate';
import { accessedPatient, assertPatientAccess, requirePatientAccess } from '../../plugins/patient-access';
import { buildPatientProfile, buildUserProfile } from './patient.service';
import { findPatientIdByUsername } from './patient.repository';

export async function patientRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.addHook('preHandler', authenticate);

  app.post(
    `/${paths.getByUsername}`,
    {
      schema: { body: getByUsernameRequest, response: { 200: userProfile } },
      // The hottest read of the app: fast-json-stringify instead of a Zod pass over every answer.
      serializerCompiler: fastSerializer(userProfile),
    },
    async (request) => {
      const caller = authOf(request);
      // An unknown username goes through the guard as "no patient" and is refused like a stranger's,
      // so the answer never tells whether a username exists.
      // The caller's own name (the usual case) needs no lookup: authenticate just read the account.
      const own = request.body.username.trim().toLowerCase() === caller.username.toLowerCase();
      const candidate = own
        ? caller.patientId
        : await findPatientIdByUsername(app.db, caller.practiceId, request.body.username);
      const access = await assertPatientAccess(request, candidate, {
        username: request.body.username.slice(0, 64),
      });
      return buildUserProfile(app.db, access.patientId, caller.practiceId);
    },
  );

  app.get(
    `/${paths.getDermisPatientById}`,
    {
      schema: { params: ridParams, response: { 200: patientProfile } },
      preHandler: requirePatientAccess(),
    },
    async (request) => buildPatientProfile(app.db, accessedPatient(request).patientId),
  );

  return Promise.resolve();
}
