/** The auth server: /api/auth/login, refreshToken/getAccessToken, logout, servers (spec 000 §7). */
import {
  accessTokenResponse,
  authRoutes as paths,
  codeLoginRequest,
  loginRequest,
  loginResponse,
  logoutRequest,
  passwordLoginRequest,
  serversResponse,
} from '@dermis/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { unauthorized, validationFailed } from '../../lib/http-error';
import { DeviceCookies } from '../../lib/device-cookie';
import { bearerToken } from '../../lib/tokens';
import { toValidationMessages } from '../../plugins/validation-messages';
import type { AuthDeps } from './auth.service';
import { codeLogin, logout, passwordLogin, refreshSession, servers } from './auth.service';
import { LoginThrottle } from './login-throttle';

export async function authRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const deps: AuthDeps = {
    db: app.db,
    tokens: app.tokens,
    throttle: new LoginThrottle(app.counters, app.config),
    devices: new DeviceCookies(app.config.jwtSecret),
    config: app.config,
    twoStep: { db: app.db, mailer: app.mailer, counters: app.counters, config: app.config },
  };

  app.post(
    `/${paths.login}`,
    { schema: { body: loginRequest, response: { 200: loginResponse } }, preValidation: validateLoginVariant },
    async (request, reply) => {
      const body = request.body;
      const origin = { address: request.ip, cookieHeader: request.headers.cookie };
      const outcome =
        'otpCode' in body ? await codeLogin(deps, body, origin) : await passwordLogin(deps, body, origin);
      // A right password (or code) makes this browser a known device for the name (docs/decisions/044).
      if (outcome.signedIn)
        void reply.header('set-cookie', deps.devices.issue(outcome.signedIn, request.protocol === 'https'));
      return outcome.response;
    },
  );

  app.get(`/${paths.refresh}`, { schema: { response: { 200: accessTokenResponse } } }, async (request) => {
    const token = bearerToken(request.headers.authorization);
    if (!token) throw unauthorized();
    return refreshSession(deps, token);
  });

  app.post(
    `/${paths.logout}`,
    { schema: { body: logoutRequest, response: { 204: z.null() } } },
    async (request, reply) => {
      await logout(deps, request.body.refreshToken);
      return reply.status(204).send(null);
    },
  );

  app.get(`/${paths.servers}`, { schema: { response: { 200: serversResponse } } }, () => ({
    servers: servers(app.config),
  }));

  return Promise.resolve();
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
