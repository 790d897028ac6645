/**
 * Edit profile calls (spec 001 §7): GET patient/getEditableProfile/_rid/{id} and POST patient/update
 * (the patient is the body's `id`), both behind the patient-access guard; and the integration API's
 * PUT patients/{externalId}/profile-flags for the clinic's LK, imported and non-USA flags.
 */
import {
  appRoutes as paths,
  editableProfile,
  externalIdParams,
  integrationRoutes,
  profileFlagsRequest,
  profileFlagsResponse,
  profileUpdateRequest,
  profileUpdateResponse,
  ridParams,
} from '@dermis/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { patientIdByExternalId } from '../../lib/practice-patients';
import { apiKeyPracticeOf, authenticateApiKey } from '../../plugins/api-key';
import { authenticate } from '../../plugins/authenticate';
import { accessedPatient, requirePatientAccess } from '../../plugins/patient-access';
import {
  getEditableProfile,
  setProfileFlags,
  updateProfile,
  type SendEmailVerification,
} from './edit-profile.service';

export async function editProfileRoutes(
  instance: FastifyInstance,
  options: { sendEmailVerification: SendEmailVerification },
): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.addHook('preHandler', authenticate);

  app.get(
    `/${paths.getEditableProfile}`,
    { schema: { params: ridParams, response: { 200: editableProfile } }, preHandler: requirePatientAccess() },
    (request) => getEditableProfile(app.db, accessedPatient(request).patientId),
  );

  app.post(
    `/${paths.updatePatient}`,
    {
      schema: { body: profileUpdateRequest, response: { 200: profileUpdateResponse } },
      preHandler: requirePatientAccess((request) => (request.body as { id?: unknown } | undefined)?.id),
    },
    (request) =>
      updateProfile(
        { db: app.db, sendEmailVerification: options.sendEmailVerification },
        accessedPatient(request).patientId,
        request.body,
      ),
  );
  return Promise.resolve();
}

export async function editProfileIntegrationRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.addHook('preHandler', authenticateApiKey);
  app.put(
    `/${integrationRoutes.profileFlags}`,
    {
      schema: {
        params: externalIdParams,
        body: profileFlagsRequest,
        response: { 200: profileFlagsResponse },
      },
    },
    async (request) => {
      const patientId = await patientIdByExternalId(
        app.db,
        apiKeyPracticeOf(request),
        request.params.externalId,
      );
      return setProfileFlags(app.db, patientId, request.body);
    },
  );
  return Promise.resolve();
}
