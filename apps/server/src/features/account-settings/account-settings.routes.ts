/** Account-settings calls (spec 000 §7): signed in; the username belongs to the caller only. */
import {
  accountRoutes as paths,
  changeLanguageRequest,
  changeLanguageResponse,
  changePasswordRequest,
  changePasswordResponse,
  changeUsernameRequest,
  changeUsernameResponse,
} from '@dermis/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { forbidden } from '../../lib/http-error';
import { authenticate, authOf } from '../../plugins/authenticate';
import { assertPatientAccess, recordAccessDenied } from '../../plugins/patient-access';
import { updateLanguage } from './account-settings.repository';
import { changePassword, changeUsername } from './account-settings.service';

export async function accountSettingsRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.addHook('preHandler', authenticate);

  app.post(
    `/${paths.changeUsername}`,
    { schema: { body: changeUsernameRequest, response: { 200: changeUsernameResponse } } },
    async (request) => {
      // Through the guard like every patient-scoped call; a responsible person passes the guard for
      // the patient they act for but may not rename that patient's account.
      const access = await assertPatientAccess(request, request.body.profileId, { call: 'changeUsername' });
      if (!access.self) {
        await recordAccessDenied(request, access.patientId, { call: 'changeUsername', reason: 'not self' });
        throw forbidden();
      }
      return changeUsername(app, authOf(request), request.body.username);
    },
  );

  app.post(
    `/${paths.changePassword}`,
    { schema: { body: changePasswordRequest, response: { 200: changePasswordResponse } } },
    // The account is the caller's; the body's username is accepted for the spec's call shape only.
    async (request) => changePassword(app, authOf(request), request.body),
  );

  app.post(
    `/${paths.changeLanguage}`,
    { schema: { body: changeLanguageRequest, response: { 200: changeLanguageResponse } } },
    // Always the caller's own account: the language is a property of who reads, not of whom.
    async (request) => {
      await updateLanguage(app.db, authOf(request).userId, request.body.language);
      return { language: request.body.language };
    },
  );

  return Promise.resolve();
}
