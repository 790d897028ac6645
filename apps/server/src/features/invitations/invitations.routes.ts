/**
 * This area's calls: the public app-server calls a patient reaches from an e-mail link (no sign-in;
 * the link's secret or signature is the credential), and the integration calls staff use to send
 * those links and custom messages (API key).
 */
import {
  accountTokenRoutes as paths,
  apiPrefix,
  createAccountRequest,
  createAccountResponse,
  errorResponse,
  externalIdParams,
  invitationResponse,
  sendInvitationRequest,
  sendMessageRequest,
  sendMessageResponse,
  unsubscribeQuery,
  unsubscribeResponse,
  verifyEmailRequest,
  verifyEmailResponse,
} from '@dermis/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiKeyPracticeOf, authenticateApiKey } from '../../plugins/api-key';
import { sendClinicMessage } from './clinic-message.service';
import { createAccount } from './create-account.service';
import { sendInvitation } from './invitation.service';
import { unsubscribe } from './unsubscribe.service';
import { verifyEmail } from './verify-email.service';

export async function invitationRoutes(app: FastifyInstance): Promise<void> {
  await app.register(publicRoutes, { prefix: apiPrefix.app });
  await app.register(staffRoutes, { prefix: apiPrefix.integration });
}

function publicRoutes(scope: FastifyInstance): Promise<void> {
  const app = scope.withTypeProvider<ZodTypeProvider>();

  app.post(
    `/${paths.verifyEmail}`,
    { schema: { body: verifyEmailRequest, response: { 200: verifyEmailResponse, 400: errorResponse } } },
    (request) => verifyEmail(app, request.body.token),
  );

  app.post(
    `/${paths.createAccount}`,
    { schema: { body: createAccountRequest, response: { 200: createAccountResponse, 400: errorResponse } } },
    (request) => createAccount(app.db, request.body),
  );

  app.post(
    `/${paths.unsubscribe}`,
    { schema: { querystring: unsubscribeQuery, response: { 200: unsubscribeResponse, 400: errorResponse } } },
    (request) => unsubscribe(app, request.query),
  );
  return Promise.resolve();
}

const failures = { 400: errorResponse, 401: errorResponse, 404: errorResponse, 409: errorResponse };

function staffRoutes(scope: FastifyInstance): Promise<void> {
  const api = scope.withTypeProvider<ZodTypeProvider>();
  api.addHook('preHandler', authenticateApiKey);

  api.post(
    `/${paths.invitations}`,
    {
      schema: {
        params: externalIdParams,
        body: sendInvitationRequest,
        response: { 201: invitationResponse, ...failures },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await sendInvitation(api, apiKeyPracticeOf(request), request.params.externalId, request.body)),
  );

  api.post(
    `/${paths.messages}`,
    {
      schema: {
        params: externalIdParams,
        body: sendMessageRequest,
        response: { 200: sendMessageResponse, ...failures },
      },
    },
    (request) => sendClinicMessage(api, apiKeyPracticeOf(request), request.params.externalId, request.body),
  );
  return Promise.resolve();
}
