/** App-server calls about patient records (spec 000 §7). Every one passes the patient-access guard. */
import {
  appRoutes as paths,
  getByUsernameRequest,
  patientProfile,
  ridParams,
  userProfile,
} from '@dermis/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { fastSerializerFor200 } from '../../lib/fast-serializer';
import { authenticate, authenticateWith, authOf } from '../../plugins/authenticate';
import { accessedPatient, assertPatientAccess, requirePatientAccess } from '../../plugins/patient-access';
import { buildPatientProfile, buildUserProfile, toUserProfile } from './patient.service';
import {
  findCallerUserProfile,
  findPatientIdByUsername,
  type CallerUserProfileRow,
} from './patient.repository';

export async function patientRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.post(
    `/${paths.getByUsername}`,
    {
      schema: { body: getByUsernameRequest, response: { 200: userProfile } },
      // The hottest read of the app: fast-json-stringify instead of a Zod pass over every answer.
      serializerCompiler: fastSerializerFor200(userProfile),
      preHandler: authenticateWithOwnProfile,
    },
    async (request) => {
      const caller = authOf(request);
      // An unknown username goes through the guard as "no patient" and is refused like a stranger's,
      // so the answer never tells whether a username exists.
      // The caller's own name (the usual case) needs no lookup: authentication read the account and
      // the profile with it, and the guard lets the caller's own patient through without a query.
      const own = request.body.username.trim().toLowerCase() === caller.username.toLowerCase();
      const candidate = own
        ? caller.patientId
        : await findPatientIdByUsername(app.db, caller.practiceId, request.body.username);
      const access = await assertPatientAccess(request, candidate, {
        username: request.body.username.slice(0, 64),
      });
      const ownProfile = ownProfiles.get(request);
      if (access.self && ownProfile) return toUserProfile(ownProfile);
      return buildUserProfile(app.db, access.patientId, caller.practiceId);
    },
  );

  app.get(
    `/${paths.getDermisPatientById}`,
    {
      schema: { params: ridParams, response: { 200: patientProfile } },
      preHandler: [authenticate, requirePatientAccess()],
    },
    async (request) => buildPatientProfile(app.db, accessedPatient(request).patientId),
  );

  return Promise.resolve();
}

/** The caller's own profile, read in authentication's round trip (docs/decisions/045). */
const ownProfiles = new WeakMap<FastifyRequest, CallerUserProfileRow>();

/** `authenticate` for getByUsername: the same checks, with the caller's own profile in the same statement. */
async function authenticateWithOwnProfile(request: FastifyRequest): Promise<void> {
  const row = await authenticateWith(request, findCallerUserProfile, (r) => ({
    id: r.userId,
    practiceId: r.callerPracticeId,
    username: r.username,
    patientId: r.id,
    language: r.language,
  }));
  ownProfiles.set(request, row);
}
