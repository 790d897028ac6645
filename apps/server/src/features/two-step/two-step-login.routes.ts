/**
 * Login-time two-step calls (spec 000 §7), authenticated with the temporary token of a sign-in that
 * still needs its second step. Adding and verifying a profile here is only possible while the user
 * has none: otherwise knowing the password would be enough to add a second factor of one's own.
 */
import {
  loginAddProfileRequest,
  loginTwoStepProfilesResponse,
  addProfileResponse,
  twoStepLoginRoutes as paths,
  twoStepOkResponse,
  twoStepProfileIdRequest,
  verifyProfileRequest,
  verifyProfileResponse,
} from '@dermis/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { forbidden, unauthorized } from '../../lib/http-error';
import { bearerToken } from '../../lib/tokens';
import type { TwoStepDeps } from '../../lib/two-step/codes';
import {
  addProfile,
  availableTypes,
  listProfiles,
  resendCode,
  verifyProfile,
} from '../../lib/two-step/profiles';
import { verifyTempToken } from '../../lib/two-step/sign-in';

const ok = { success: true } as const;

export async function twoStepLoginRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const deps: TwoStepDeps = { db: app.db, mailer: app.mailer, counters: app.counters, config: app.config };

  /** The temporary token's claims; an access, refresh, spent or expired token is 401. */
  async function tempClaims(request: FastifyRequest) {
    const token = bearerToken(request.headers.authorization);
    const claims = token ? await verifyTempToken(deps, app.tokens, token) : null;
    if (!claims) throw unauthorized();
    return claims;
  }

  async function assertSettingUp(userId: number) {
    if ((await listProfiles(deps, userId)).profiles.length > 0) throw forbidden();
  }

  app.get(
    `/${paths.getAll}`,
    { schema: { response: { 200: loginTwoStepProfilesResponse } } },
    async (request) => {
      const claims = await tempClaims(request);
      const list = await listProfiles(deps, claims.userId);
      return {
        ...list,
        available2FATypes: availableTypes,
        is2FASetupMandatory: list.mfaRequired && list.profiles.length === 0,
        setup2FATime: Math.floor((claims.exp - claims.iat) / 60),
      };
    },
  );

  app.post(
    `/${paths.add}`,
    { schema: { body: loginAddProfileRequest, response: { 200: addProfileResponse } } },
    async (request) => {
      const claims = await tempClaims(request);
      await assertSettingUp(claims.userId);
      return addProfile(deps, claims.userId, request.body);
    },
  );

  app.post(
    `/${paths.verify}`,
    { schema: { body: verifyProfileRequest, response: { 200: verifyProfileResponse } } },
    async (request) => {
      const claims = await tempClaims(request);
      await assertSettingUp(claims.userId);
      return {
        verified: true as const,
        profile: await verifyProfile(deps, claims.userId, request.body.id, request.body.code),
      };
    },
  );

  for (const path of [paths.resendEmail, paths.sendEmail]) {
    app.post(
      `/${path}`,
      { schema: { body: twoStepProfileIdRequest, response: { 200: twoStepOkResponse } } },
      async (request) => {
        const claims = await tempClaims(request);
        await resendCode(deps, claims.userId, request.body.id);
        return ok;
      },
    );
  }

  return Promise.resolve();
}
