/**
 * The portal calls behind the consent page and the Connected apps page (contract health-apps.ts).
 * The authorization's own calls are the signed-in account's; approving, listing and disconnecting
 * name a patient and pass the patient-access guard, and act only on the patient it returns.
 */
import {
  appRoutes,
  approveHealthAppRequest,
  connectedHealthAppsResponse,
  denyHealthAppRequest,
  disconnectHealthAppRequest,
  disconnectHealthAppResponse,
  healthAppAuthorizationParams,
  healthAppAuthorizationResponse,
  healthAppRedirectResponse,
  ridParams,
} from '@dermis/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notFound } from '../../../lib/http-error';
import { authenticate, authOf } from '../../../plugins/authenticate';
import { accessedPatient, requirePatientAccess } from '../../../plugins/patient-access';
import type { AuthorizationServer } from './authorization-server';
import { connectionsOfPatient, disconnect } from './connections';
import { revokeGrantArtifacts } from './database-adapter';
import { approveAuthorization, denyAuthorization, describeAuthorization } from './interactions';

export interface ConsentRoutesOptions {
  authorization: AuthorizationServer;
}

export function consentRoutes(
  instance: FastifyInstance,
  { authorization }: ConsentRoutesOptions,
): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.addHook('preHandler', authenticate);
  const approverOf = (request: Parameters<typeof authOf>[0]) => {
    const { userId, practiceId, patientId } = authOf(request);
    return { userId, practiceId, patientId };
  };

  app.get(
    `/${appRoutes.healthAppAuthorization}`,
    { schema: { params: healthAppAuthorizationParams, response: { 200: healthAppAuthorizationResponse } } },
    async (request) => describeAuthorization(app.db, authorization, approverOf(request), request.params.uid),
  );

  app.post(
    `/${appRoutes.approveHealthApp}`,
    {
      schema: { body: approveHealthAppRequest, response: { 200: healthAppRedirectResponse } },
      preHandler: requirePatientAccess(),
    },
    async (request) => {
      const { uid, resourceTypes, inviteCode } = request.body;
      const redirectTo = await approveAuthorization(app.db, authorization, approverOf(request), {
        uid,
        patientId: accessedPatient(request).patientId,
        resourceTypes,
        ...(inviteCode ? { inviteCode } : {}),
      });
      return { redirectTo };
    },
  );

  app.post(
    `/${appRoutes.denyHealthApp}`,
    { schema: { body: denyHealthAppRequest, response: { 200: healthAppRedirectResponse } } },
    async (request) => ({
      redirectTo: await denyAuthorization(app.db, authorization, approverOf(request), request.body.uid),
    }),
  );

  app.get(
    `/${appRoutes.connectedHealthApps}`,
    {
      schema: { params: ridParams, response: { 200: connectedHealthAppsResponse } },
      preHandler: requirePatientAccess(),
    },
    async (request) => {
      const connections = await connectionsOfPatient(app.db, accessedPatient(request).patientId);
      return {
        apps: connections.map((c) => ({
          grantId: c.grantId,
          clientId: c.clientId,
          name: c.clientName,
          patientId: c.patientId,
          resourceTypes: c.resourceTypes,
          connectedAt: c.connectedAt.toISOString(),
          lastUsedAt: c.lastUsedAt?.toISOString() ?? null,
        })),
      };
    },
  );

  app.post(
    `/${appRoutes.disconnectHealthApp}`,
    {
      schema: { body: disconnectHealthAppRequest, response: { 200: disconnectHealthAppResponse } },
      preHandler: requirePatientAccess(),
    },
    async (request) => {
      const { grantId } = request.body;
      if (!(await disconnect(app.db, accessedPatient(request).patientId, grantId)))
        throw notFound('server.error.healthAppConnectionNotFound');
      // The app's tokens stop now: the FHIR API finds no token, and no refresh token is left.
      await revokeGrantArtifacts(app.db, grantId);
      return {};
    },
  );

  return Promise.resolve();
}
