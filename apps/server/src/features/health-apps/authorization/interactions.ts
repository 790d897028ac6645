/**
 * Finishing an authorization request from the portal. oidc-provider sends the browser to the portal
 * page `/health-apps/authorize/:uid`; the signed-in patient chooses whose record and which resource
 * types to share; approving records a grant for exactly those scopes and hands the browser back to
 * the provider's resume address, which redirects to the app with a code (or access_denied).
 */
import { errorCodes } from '@dermis/contract';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { InteractionResults, Provider } from 'oidc-provider';
import type { Db } from '../../../db/database';
import { fhirInvite, patient, responsiblePerson } from '../../../db/schema';
import type { CounterStore } from '../../../lib/counters/counter-store';
import { httpError, invalidField, notFound } from '../../../lib/http-error';
import { recordActivity } from '../../../plugins/activity-log';
import type { AuthorizationServer } from './authorization-server';
import { type HealthAppRow } from './client-metadata';
import { appConnectedTo, patientSharesWithApps, recordConnection } from './connections';
import { revokeGrantArtifacts } from './database-adapter';
import { findHealthAppByClientId } from './health-apps.repository';
import { contextScopes, narrowScopes, requestedResourceTypes, scopeAllowed } from './smart-scopes';

type Interaction = InstanceType<Provider['Interaction']>;

export interface Approver {
  userId: number;
  practiceId: number;
  /** The approver's own patient record. */
  patientId: number;
}

export interface PendingAuthorization {
  interaction: Interaction;
  app: HealthAppRow;
  scopes: string[];
}

const uidPattern = /^[A-Za-z0-9_-]{1,64}$/;

const notFoundAuthorization = () => notFound('server.error.healthAppAuthorizationNotFound');

/**
 * The authorization request `uid` names, when it is still pending and its app is an enabled app of
 * the approver's practice; otherwise 404 (an unknown, expired or finished request looks the same).
 */
export async function pendingAuthorization(
  db: Db,
  server: AuthorizationServer,
  approver: Approver,
  uid: string,
): Promise<PendingAuthorization> {
  if (!uidPattern.test(uid)) throw notFoundAuthorization();
  const interaction = await (await server.provider()).Interaction.find(uid);
  if (!interaction || interaction.result) throw notFoundAuthorization();
  const clientId = interaction.params.client_id;
  const app = typeof clientId === 'string' ? await findHealthAppByClientId(db, clientId) : undefined;
  if (!app || app.disabledAt || app.practiceId !== approver.practiceId) throw notFoundAuthorization();
  const scope = typeof interaction.params.scope === 'string' ? interaction.params.scope : '';
  const scopes = [...new Set(scope.split(' ').filter(Boolean))];
  return { interaction, app, scopes };
}

/** The approver's own record and those they are an active responsible person for, in their practice. */
export async function patientsOfApprover(db: Db, approver: Approver) {
  const own = await db
    .select({ patientId: patient.id, firstName: patient.firstName, lastName: patient.lastName })
    .from(patient)
    .where(and(eq(patient.id, approver.patientId), eq(patient.active, true)));
  const wards = await db
    .select({ patientId: patient.id, firstName: patient.firstName, lastName: patient.lastName })
    .from(responsiblePerson)
    .innerJoin(patient, eq(patient.id, responsiblePerson.patientId))
    .where(
      and(
        eq(responsiblePerson.responsiblePatientId, approver.patientId),
        eq(responsiblePerson.active, true),
        eq(patient.active, true),
        eq(patient.practiceId, approver.practiceId),
      ),
    )
    .orderBy(patient.lastName, patient.firstName, patient.id);
  const seen = new Set<number>();
  return [...own.map((p) => ({ ...p, self: true })), ...wards.map((p) => ({ ...p, self: false }))].filter(
    (p) => (seen.has(p.patientId) ? false : (seen.add(p.patientId), true)),
  );
}

export async function describeAuthorization(
  db: Db,
  server: AuthorizationServer,
  approver: Approver,
  uid: string,
) {
  const { app, scopes } = await pendingAuthorization(db, server, approver, uid);
  const allowed = scopes.filter((scope) => scopeAllowed(app.allowedScopes, scope));
  const patients = await Promise.all(
    (await patientsOfApprover(db, approver)).map(async (p) => ({
      ...p,
      inviteRequired: !(await appConnectedTo(db, app.id, p.patientId)),
    })),
  );
  return {
    app: { clientId: app.clientId, name: app.name },
    resourceTypes: requestedResourceTypes(allowed),
    scopes,
    offlineAccess: allowed.includes('offline_access'),
    patients,
    inviteRequired: patients.some((p) => p.inviteRequired),
  };
}

/** Normalised for comparison: the code is read off a screen and may be typed in lower case or without dashes. */
const normalizeCode = (code: string) => code.toUpperCase().replace(/[^A-Z0-9]/g, '');

/** Wrong invite codes an account may enter in the throttle window before it must wait. */
export const maxWrongInviteCodes = 5;

/** Where wrong invite codes are counted: the counter store shared by every instance. */
export interface InviteThrottle {
  counters: CounterStore;
  windowSeconds: number;
}

async function checkInvite(
  db: Db,
  throttle: InviteThrottle,
  approver: Approver,
  app: HealthAppRow,
  patientId: number,
  inviteCode: string | undefined,
) {
  if (await appConnectedTo(db, app.id, patientId)) return;
  if (!inviteCode) throw invalidField('inviteCode', 'server.error.healthAppInviteCodeRequired');
  // A code is short enough to guess: tries are counted per account before the code is compared,
  // so parallel guesses compare at most the limit, and a right code clears the count.
  const throttleKey = `health-app-invite:user:${approver.userId}`;
  const tries = await throttle.counters.increment(throttleKey, throttle.windowSeconds);
  if (tries > maxWrongInviteCodes)
    throw httpError(429, errorCodes.tooManyAttempts, 'server.error.healthAppInviteCodeThrottled');
  const [current] = await db
    .select({ code: fhirInvite.code })
    .from(fhirInvite)
    .where(and(eq(fhirInvite.patientId, patientId), isNull(fhirInvite.revokedAt)))
    .orderBy(desc(fhirInvite.issuedAt))
    .limit(1);
  const matches = current && normalizeCode(current.code) === normalizeCode(inviteCode);
  if (!matches || !(await patientSharesWithApps(db, patientId)))
    throw invalidField('inviteCode', 'server.error.healthAppInviteCodeWrong');
  await throttle.counters.reset(throttleKey);
}

export interface Approval {
  uid: string;
  /** Checked by the portal's patient-access guard before this is called. */
  patientId: number;
  resourceTypes: string[];
  inviteCode?: string;
}

/** Approves the request for one patient and the chosen resource types; where the browser goes next. */
export async function approveAuthorization(
  db: Db,
  server: AuthorizationServer,
  throttle: InviteThrottle,
  approver: Approver,
  approval: Approval,
): Promise<string> {
  const { interaction, app, scopes } = await pendingAuthorization(db, server, approver, approval.uid);
  const asked = scopes.filter((scope) => scopeAllowed(app.allowedScopes, scope));
  const askedTypes = new Set(requestedResourceTypes(asked));
  for (const [index, type] of approval.resourceTypes.entries()) {
    if (!askedTypes.has(type))
      throw invalidField(`resourceTypes.${index}`, 'server.error.healthAppResourceTypeNotRequested', {
        resourceType: type,
      });
  }
  await checkInvite(db, throttle, approver, app, approval.patientId, approval.inviteCode);

  const granted = narrowScopes(asked, approval.resourceTypes);
  const approvedTypes = requestedResourceTypes(granted);
  const accountId = String(approver.userId);
  const provider = await server.provider();
  const grant = new provider.Grant({ accountId, clientId: app.clientId });
  const openidScopes = granted.filter((scope) => (contextScopes as readonly string[]).includes(scope));
  if (openidScopes.length) grant.addOIDCScope(openidScopes.join(' '));
  // The context scopes go with the resource scopes too, so the access token's scope names them all.
  grant.addResourceScope(server.fhirBaseUrl, granted.join(' '));
  const notGranted = scopes.filter((scope) => !granted.includes(scope));
  if (notGranted.length) grant.rejectResourceScope(server.fhirBaseUrl, notGranted.join(' '));
  const grantId = await grant.save();

  const replaced = await recordConnection(db, {
    grantId,
    practiceId: approver.practiceId,
    healthAppId: app.id,
    userId: approver.userId,
    approverPatientId: approver.patientId,
    patientId: approval.patientId,
    resourceTypes: approvedTypes,
    scopes: granted,
  });
  for (const old of replaced) await revokeGrantArtifacts(db, old);
  await recordActivity(db, {
    practiceId: approver.practiceId,
    patientId: approval.patientId,
    actorUserId: approver.userId,
    action: 'HEALTH_APP_CONNECTED',
    toAddress: app.name,
  });

  // The request continues as if the app had asked for exactly what was granted: the provider
  // intersects the code's scope with the request's, and a `*` scope narrowed to some types would
  // otherwise lose the types it became.
  interaction.params.scope = granted.join(' ');
  return finish(interaction, { login: { accountId }, consent: { grantId } });
}

/** Refuses the request: the app receives access_denied. */
export async function denyAuthorization(
  db: Db,
  server: AuthorizationServer,
  approver: Approver,
  uid: string,
): Promise<string> {
  const { interaction } = await pendingAuthorization(db, server, approver, uid);
  return finish(interaction, {
    error: 'access_denied',
    error_description: 'The patient did not allow access.',
  });
}

async function finish(interaction: Interaction, result: InteractionResults): Promise<string> {
  interaction.result = result;
  const remaining = interaction.exp - Math.floor(Date.now() / 1000);
  await interaction.save(Math.max(remaining, 1));
  return interaction.returnTo;
}
