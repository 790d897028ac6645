/**
 * Login-time two-step calls (spec 000 §7), authenticated with the temporary token of a sign-in that
 * still needs its second step. Adding and verifying a profile here is only possible while the user
 * has none: otherwise knowing the password would be enough to add a second factor of one's own.
 */
import { twoStepLoginCalls } from '@dermis/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../../lib/http-error';
import { bearerToken } from '../../lib/tokens';
import type { TwoStepDeps } from '../../lib/two-step/codes';
import { verifyTempToken } from '../../lib/two-step/sign-in';
import { registerCall } from '../../plugins/register-call';
import { addProfile, availableTypes, listProfiles, resendCode, verifyProfile } from './profiles';

const ok = { success: true } as const;

export function registerTwoStepLoginCalls(app: FastifyInstance): void {
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

  registerCall(app, twoStepLoginCalls.getAll, async ({ request }) => {
    const claims = await tempClaims(request);
    const list = await listProfiles(deps, claims.userId);
    return {
      ...list,
      available2FATypes: availableTypes,
      is2FASetupMandatory: list.mfaRequired && list.profiles.length === 0,
      setup2FATime: Math.floor((claims.exp - claims.iat) / 60),
    };
  });

  registerCall(app, twoStepLoginCalls.add, async ({ request, body }) => {
    const claims = await tempClaims(request);
    await assertSettingUp(claims.userId);
    return addProfile(deps, claims.userId, body);
  });

  registerCall(app, twoStepLoginCalls.verify, async ({ request, body }) => {
    const claims = await tempClaims(request);
    await assertSettingUp(claims.userId);
    return { verified: true as const, profile: await verifyProfile(deps, claims.userId, body.id, body.code) };
  });

  for (const call of [twoStepLoginCalls.resendEmail, twoStepLoginCalls.sendEmail]) {
    registerCall(app, call, async ({ request, body }) => {
      const claims = await tempClaims(request);
      await resendCode(deps, claims.userId, body.id);
      return ok;
    });
  }
}
