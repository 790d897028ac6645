/**
 * Two-step verification in account settings (spec 000 §7), behind the access token. Profiles belong
 * to the signed-in account itself: a responsible person manages only their own, and any id that is
 * not one of the caller's active profiles answers 403.
 */
import { confirmationTokenHeader, twoStepCalls } from '@dermis/contract';
import type { FastifyInstance } from 'fastify';
import { badCredentials, forbidden, tooManyAttempts } from '../../lib/http-error';
import { verifyPassword } from '../../lib/passwords';
import type { TwoStepDeps } from '../../lib/two-step/codes';
import { registerCall } from '../../plugins/register-call';
import { isConfirmed, signConfirmation } from './confirmation';
import { registerPracticeMfaCalls } from './practice-mfa.routes';
import {
  addProfile,
  availableTypes,
  deactivateProfile,
  listProfiles,
  resendCode,
  setPreferred,
  verifyProfile,
} from './profiles';
import { registerTwoStepLoginCalls } from './two-step-login.routes';
import { findPasswordHash } from './two-step.repository';

const ok = { success: true } as const;

/** Every two-step call: account settings, the second step of sign-in, and the practice's switch. */
export function registerTwoStepCalls(app: FastifyInstance): void {
  registerTwoStepLoginCalls(app);
  registerPracticeMfaCalls(app);
  const deps: TwoStepDeps = { db: app.db, mailer: app.mailer, counters: app.counters, config: app.config };

  registerCall(app, twoStepCalls.getAll, ({ caller }) => listProfiles(deps, caller.userId));

  registerCall(app, twoStepCalls.availableTypes, () =>
    Promise.resolve({ available2FATypes: availableTypes }),
  );

  registerCall(app, twoStepCalls.add, async ({ caller, body }) => {
    if (body.userId !== caller.userId) throw forbidden();
    return addProfile(deps, caller.userId, body);
  });

  registerCall(app, twoStepCalls.verify, async ({ caller, body }) => ({
    verified: true as const,
    profile: await verifyProfile(deps, caller.userId, body.id, body.code),
  }));

  registerCall(app, twoStepCalls.setPreferred, async ({ caller, body }) => {
    await setPreferred(deps, caller.userId, body.id, body.preferred);
    return ok;
  });

  registerCall(app, twoStepCalls.resend, async ({ caller, body }) => {
    await resendCode(deps, caller.userId, body.id);
    return ok;
  });

  registerCall(app, twoStepCalls.validatePassword, async ({ caller, body }) => {
    // Guessing the password here is throttled like guessing it at sign-in.
    const key = `mfa:password:${caller.userId}`;
    if ((await app.counters.get(key)) >= app.config.loginMaxFailuresPerUsername) throw tooManyAttempts();
    const hash = await findPasswordHash(app.db, caller.userId);
    if (!hash || !(await verifyPassword(hash, body.password))) {
      await app.counters.increment(key, app.config.loginThrottleWindowSeconds);
      throw badCredentials();
    }
    await app.counters.reset(key);
    return { confirmationToken: await signConfirmation(app.config.jwtSecret, caller.userId) };
  });

  registerCall(app, twoStepCalls.deactivate, async ({ caller, body, request }) => {
    const header = request.headers[confirmationTokenHeader];
    const confirmed = await isConfirmed(
      app.config.jwtSecret,
      caller.userId,
      typeof header === 'string' ? header : undefined,
    );
    if (!confirmed) throw badCredentials();
    await deactivateProfile(deps, caller.userId, body.id);
    return ok;
  });
}
