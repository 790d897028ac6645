/** The auth server: login, refreshToken/getAccessToken, logout, servers (spec 000 §7; contract `authCalls`). */
import { authCalls, codeLoginRequest, passwordLoginRequest } from '@dermis/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { unauthorized, validationFailed } from '../../lib/http-error';
import { DeviceCookies } from '../../lib/device-cookie';
import { bearerToken } from '../../lib/tokens';
import { registerCall } from '../../plugins/register-call';
import { toValidationMessages } from '../../plugins/validation-messages';
import type { AuthDeps } from './auth.service';
import { codeLogin, logout, passwordLogin, refreshSession, servers } from './auth.service';
import { LoginThrottle } from './login-throttle';

export function registerAuthCalls(app: FastifyInstance): void {
  const deps: AuthDeps = {
    db: app.db,
    tokens: app.tokens,
    throttle: new LoginThrottle(app.counters, app.config),
    devices: new DeviceCookies(app.config.jwtSecret),
    config: app.config,
    twoStep: { db: app.db, mailer: app.mailer, counters: app.counters, config: app.config },
  };

  registerCall(
    app,
    authCalls.login,
    async ({ body, request, reply }) => {
      const origin = { address: request.ip, cookieHeader: request.headers.cookie };
      const outcome =
        'otpCode' in body ? await codeLogin(deps, body, origin) : await passwordLogin(deps, body, origin);
      // A right password (or code) makes this browser a known device for the name (docs/decisions/044).
      if (outcome.signedIn)
        void reply.header('set-cookie', deps.devices.issue(outcome.signedIn, request.protocol === 'https'));
      return outcome.response;
    },
    { beforeValidation: validateLoginVariant },
  );

  registerCall(app, authCalls.refresh, ({ request }) => {
    const token = bearerToken(request.headers.authorization);
    if (!token) throw unauthorized();
    return refreshSession(deps, token);
  });

  registerCall(app, authCalls.logout, async ({ body, reply }) => {
    await logout(deps, body.refreshToken);
    return reply.status(204).send(null);
  });

  registerCall(app, authCalls.servers, () => Promise.resolve({ servers: servers(app.config) }));
}

/**
 * The login body is one of two shapes. A plain union would report the errors of both; this reports
 * the errors of the shape the client meant (any two-step field means the code variant).
 */
function validateLoginVariant(request: FastifyRequest): Promise<void> {
  const body = request.body;
  const isCode =
    typeof body === 'object' &&
    body !== null &&
    ['otpCode', 'mfaProfileId', 'tempToken'].some((k) => k in body);
  const result = (isCode ? codeLoginRequest : passwordLoginRequest).safeParse(body);
  if (!result.success) {
    const issues = result.error.issues.map((issue) => ({ ...issue, params: { ...issue } }));
    return Promise.reject(
      validationFailed(toValidationMessages(issues, body), (catalog) =>
        toValidationMessages(issues, body, catalog),
      ),
    );
  }
  return Promise.resolve();
}
