/**
 * Two-step verification in account settings (spec 000 §7), behind the access token. Profiles belong
 * to the signed-in account itself: a responsible person manages only their own, and any id that is
 * not one of the caller's active profiles answers 403.
 */
import {
  addProfileRequest,
  addProfileResponse,
  availableTypesResponse,
  confirmationTokenHeader,
  setPreferredRequest,
  twoStepOkResponse,
  twoStepProfileIdRequest,
  twoStepProfilesResponse,
  twoStepRoutes as paths,
  validatePasswordRequest,
  validatePasswordResponse,
  verifyProfileRequest,
  verifyProfileResponse,
} from '@dermis/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { badCredentials, forbidden, tooManyAttempts } from '../../lib/http-error';
import { verifyPassword } from '../../lib/passwords';
import type { TwoStepDeps } from '../../lib/two-step/codes';
import { isConfirmed, signConfirmation } from '../../lib/two-step/confirmation';
import {
  addProfile,
  availableTypes,
  deactivateProfile,
  listProfiles,
  resendCode,
  setPreferred,
  verifyProfile,
} from '../../lib/two-step/profiles';
import { authenticate, authOf } from '../../plugins/authenticate';
import { findPasswordHash } from './two-step.repository';

const ok = { success: true } as const;

export async function twoStepRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.addHook('preHandler', authenticate);
  const deps: TwoStepDeps = { db: app.db, mailer: app.mailer, counters: app.counters, config: app.config };

  app.get(`/${paths.getAll}`, { schema: { response: { 200: twoStepProfilesResponse } } }, (request) =>
    listProfiles(deps, authOf(request).userId),
  );

  app.get(`/${paths.availableTypes}`, { schema: { response: { 200: availableTypesResponse } } }, () => ({
    available2FATypes: availableTypes,
  }));

  app.post(
    `/${paths.add}`,
    { schema: { body: addProfileRequest, response: { 200: addProfileResponse } } },
    async (request) => {
      const caller = authOf(request);
      if (request.body.userId !== caller.userId) throw forbidden();
      return addProfile(deps, caller.userId, request.body);
    },
  );

  app.post(
    `/${paths.verify}`,
    { schema: { body: verifyProfileRequest, response: { 200: verifyProfileResponse } } },
    async (request) => ({
      verified: true as const,
      profile: await verifyProfile(deps, authOf(request).userId, request.body.id, request.body.code),
    }),
  );

  app.post(
    `/${paths.setPreferred}`,
    { schema: { body: setPreferredRequest, response: { 200: twoStepOkResponse } } },
    async (request) => {
      await setPreferred(deps, authOf(request).userId, request.body.id, request.body.preferred);
      return ok;
    },
  );

  app.post(
    `/${paths.resend}`,
    { schema: { body: twoStepProfileIdRequest, response: { 200: twoStepOkResponse } } },
    async (request) => {
      await resendCode(deps, authOf(request).userId, request.body.id);
      return ok;
    },
  );

  app.post(
    `/${paths.validatePassword}`,
    { schema: { body: validatePasswordRequest, response: { 200: validatePasswordResponse } } },
    async (request) => {
      const caller = authOf(request);
      // Guessing the password here is throttled like guessing it at sign-in.
      const key = `mfa:password:${caller.userId}`;
      if ((await app.counters.get(key)) >= app.config.loginMaxFailuresPerUsername) throw tooManyAttempts();
      const hash = await findPasswordHash(app.db, caller.userId);
      if (!hash || !(await verifyPassword(hash, request.body.password))) {
        await app.counters.increment(key, app.config.loginThrottleWindowSeconds);
        throw badCredentials();
      }
      await app.counters.reset(key);
      return { confirmationToken: await signConfirmation(app.config.jwtSecret, caller.userId) };
    },
  );

  app.post(
    `/${paths.deactivate}`,
    { schema: { body: twoStepProfileIdRequest, response: { 200: twoStepOkResponse } } },
    async (request) => {
      const caller = authOf(request);
      const header = request.headers[confirmationTokenHeader];
      if (
        !(await isConfirmed(
          app.config.jwtSecret,
          caller.userId,
          typeof header === 'string' ? header : undefined,
        ))
      )
        throw badCredentials();
      await deactivateProfile(deps, caller.userId, request.body.id);
      return ok;
    },
  );

  return Promise.resolve();
}
