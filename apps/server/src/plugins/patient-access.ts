/**
 * THE patient-access guard. Rule: a signed-in caller may act on a patient only when that patient is
 * the caller's own patient record, or the caller's patient is an ACTIVE responsible person for that
 * patient, the patient being active and in the caller's practice. Everything else answers
 * 403 FORBIDDEN and writes an ACCESS_DENIED audit event. Handlers never read a patient id from the
 * request themselves: they use `accessedPatient(request)` (or the value `assertPatientAccess` returns).
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { PatientAccess } from '../app-context';
import type { Db } from '../db/database';
import { patient, responsiblePerson } from '../db/schema';
import { forbidden } from '../lib/http-error';
import { recordAuditEvent } from './audit';
import { authOf } from './authenticate';

const maxId = 2_147_483_647;

export async function assertPatientAccess(
  request: FastifyRequest,
  requested: unknown,
  auditDetail: Record<string, unknown> = {},
): Promise<PatientAccess> {
  const caller = authOf(request);
  const patientId = toPatientId(requested);

  if (patientId !== null) {
    const access = await patientAccessRule(request.server.db, caller, patientId);
    if (access) return access;
  }

  await recordAccessDenied(request, patientId, {
    ...auditDetail,
    ...(patientId === null && (typeof requested === 'string' || typeof requested === 'number')
      ? { requested: String(requested).slice(0, 100) }
      : {}),
  });
  throw forbidden();
}

/** Who is acting: the caller's own patient record and practice. */
export interface AccessCaller {
  patientId: number;
  practiceId: number;
}

/**
 * The rule itself, for every way in (a portal session, a health app's token): the caller's own record,
 * or a patient the caller's record is an ACTIVE responsible person for, active and in the caller's
 * practice. Null means refused; the caller of this function audits and answers the refusal.
 */
export async function patientAccessRule(
  db: Db,
  caller: AccessCaller,
  patientId: number,
): Promise<PatientAccess | null> {
  if (patientId === caller.patientId) return { patientId, self: true };
  const [link] = await db
    .select({ id: responsiblePerson.id })
    .from(responsiblePerson)
    .innerJoin(patient, eq(patient.id, responsiblePerson.patientId))
    .where(
      and(
        eq(responsiblePerson.patientId, patientId),
        eq(responsiblePerson.responsiblePatientId, caller.patientId),
        eq(responsiblePerson.active, true),
        eq(patient.practiceId, caller.practiceId),
        eq(patient.active, true),
      ),
    )
    .limit(1);
  return link ? { patientId, self: false } : null;
}

const auditedRequests = new WeakSet<FastifyRequest>();

/**
 * Writes the ACCESS_DENIED audit event of a refused request. The guard calls it with the patient it
 * refused; the error handler calls it for any other 403 (another account's two-step profile, a
 * responsible person renaming the patient's account), so every refusal is audited exactly once.
 */
export async function recordAccessDenied(
  request: FastifyRequest,
  patientId: number | null,
  detail: Record<string, unknown> = {},
): Promise<void> {
  if (auditedRequests.has(request) || !request.auth) return;
  auditedRequests.add(request);
  const caller = request.auth;
  const entry = {
    practiceId: caller.practiceId,
    userId: caller.userId,
    patientId,
    action: 'ACCESS_DENIED' as const,
    address: request.ip,
  };
  const where = { method: request.method, route: request.routeOptions.url ?? request.url };
  try {
    await recordAuditEvent(request.server.db, { ...entry, detail: { ...detail, ...where } });
  } catch (error) {
    // The detail is the request's content; whatever in it the database refused, the row is written
    // without it. A second failure (the database is down) fails the request: no unaudited refusal.
    request.log.error({ err: error }, 'access-denied audit detail refused; writing it without detail');
    await recordAuditEvent(request.server.db, { ...entry, detail: where });
  }
  request.log.warn({ userId: caller.userId, patientId }, 'access denied');
}

/** Where a route carries the patient id; the default covers `_rid/:id`, `:patientId` and `body.patientId`. */
export type PatientIdSource = (request: FastifyRequest) => unknown;

const defaultSource: PatientIdSource = (request) => {
  const params = (request.params ?? {}) as Record<string, unknown>;
  const body = (request.body ?? {}) as Record<string, unknown>;
  return params.id ?? params.patientId ?? params.responsibleId ?? body.patientId;
};

/** preHandler (after `authenticate`) that runs the guard and stores its result on the request. */
export function requirePatientAccess(source: PatientIdSource = defaultSource): preHandlerAsyncHookHandler {
  return async function patientAccessGuard(request) {
    request.patientAccess = await assertPatientAccess(request, source(request));
  };
}

/** The guard's result, for handlers behind `requirePatientAccess`. */
export function accessedPatient(request: FastifyRequest): PatientAccess {
  if (!request.patientAccess)
    throw new Error('accessedPatient() called on a route without the patient-access guard');
  return request.patientAccess;
}

function toPatientId(value: unknown): number | null {
  const n =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^\d{1,10}$/.test(value)
        ? Number(value)
        : NaN;
  return Number.isInteger(n) && n > 0 && n <= maxId ? n : null;
}
