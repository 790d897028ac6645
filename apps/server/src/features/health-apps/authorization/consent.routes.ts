/**
 * The portal calls behind the consent page and the Connected apps page (contract `healthAppsCalls`).
 * The authorization's own calls are the signed-in account's; approving, listing and disconnecting
 * name a patient and pass the patient-access guard, and act only on the patient it returns.
 */
import { healthAppsCalls } from '@dermis/contract';
import type { FastifyInstance } from 'fastify';
import type { AuthContext } from '../../../app-context';
import { notFound } from '../../../lib/http-error';
import { recordActivity } from '../../../plugins/activity-log';
import { registerCall } from '../../../plugins/register-call';
import type { AuthorizationServer } from './authorization-server';
import { connectionsOfPatient, disconnect } from './connections';
import { revokeGrantArtifacts } from './database-adapter';
import { approveAuthorization, denyAuthorization, describeAuthorization } from './interactions';

export interface ConsentCallsOptions {
  authorization: AuthorizationServer;
}

/** The approver as the interactions take it: the signed-in account, nothing more. */
function approverOf(caller: AuthContext) {
  const { userId, practiceId, patientId } = caller;
  return { userId, practiceId, patientId };
}

export function registerConsentCalls(app: FastifyInstance, { authorization }: ConsentCallsOptions): void {
  registerCall(app, healthAppsCalls.getAuthorization, ({ caller, params }) =>
    describeAuthorization(app.db, authorization, approverOf(caller), params.uid),
  );

  registerCall(app, healthAppsCalls.approve, async ({ caller, patient, body }) => {
    const { uid, resourceTypes, inviteCode } = body;
    const throttle = { counters: app.counters, windowSeconds: app.config.loginThrottleWindowSeconds };
    const redirectTo = await approveAuthorization(app.db, authorization, throttle, approverOf(caller), {
      uid,
      patientId: patient.patientId,
      resourceTypes,
      ...(inviteCode ? { inviteCode } : {}),
    });
    return { redirectTo };
  });

  registerCall(app, healthAppsCalls.deny, async ({ caller, body }) => ({
    redirectTo: await denyAuthorization(app.db, authorization, approverOf(caller), body.uid),
  }));

  registerCall(app, healthAppsCalls.listConnected, async ({ patient }) => {
    const connections = await connectionsOfPatient(app.db, patient.patientId);
    return {
      apps: connections.map((c) => ({
        grantId: c.grantId,
        clientId: c.clientId,
        name: c.clientName,
        patientId: c.patientId,
        resourceTypes: c.resourceTypes,
        connectedBy: c.approverName,
        connectedAt: c.connectedAt.toISOString(),
        lastUsedAt: c.lastUsedAt?.toISOString() ?? null,
      })),
    };
  });

  registerCall(app, healthAppsCalls.disconnect, async ({ caller, patient, body }) => {
    const { grantId } = body;
    const ended = await disconnect(app.db, patient.patientId, grantId);
    if (!ended) throw notFound('server.error.healthAppConnectionNotFound');
    // The app's tokens stop now: the FHIR API finds no token, and no refresh token is left.
    await revokeGrantArtifacts(app.db, grantId);
    await recordActivity(app.db, {
      practiceId: caller.practiceId,
      patientId: patient.patientId,
      actorUserId: caller.userId,
      action: 'HEALTH_APP_DISCONNECTED',
      toAddress: ended.appName,
    });
    return {};
  });
}
