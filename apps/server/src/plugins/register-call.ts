/**
 * The one way a call becomes a route: from its description in the contract (packages/contract,
 * `describeCall`). Who may make it decides the guards, applied here and nowhere else:
 * - `patient`: the caller is authenticated, then the patient-access rule runs on the patient the
 *   description names (path, body or query field), or on the owner of the item it names (`of`: a
 *   visit, consent, message or attachment, found by the route's `ownerOf`), BEFORE the request is
 *   validated, so a stranger learns nothing from validation messages; the handler receives the
 *   checked patient. An item id that is no id at all is left to validation (a clear 400), and a
 *   request that gets past it unchecked is refused before the handler;
 * - `account`: authenticated; `apiKey`: the integration API key; `public` and `internal`: no guard
 *   here (`internal` routes check their own operator credential or loopback address).
 * The answer is serialized from the response schema by fast-json-stringify (decision 045), which
 * writes only the schema's properties.
 */
import {
  valueAtPath,
  type CallDescription,
  type CallRequest,
  type CallResult,
  type PatientLocation,
} from '@dermis/contract';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  preValidationAsyncHookHandler,
} from 'fastify';
import type { AuthContext, PatientAccess } from '../app-context';
import type { Db } from '../db/database';
import { fastSerializerFor200 } from '../lib/fast-serializer';
import { forbidden } from '../lib/http-error';
import { apiKeyPracticeOf, authenticateApiKey } from './api-key';
import { authenticate, authOf } from './authenticate';
import { assertPatientAccess, recordAccessDenied } from './patient-access';

/** What a handler gets: the validated request parts, and what the guards established. */
export type CallContext<D extends CallDescription> = CallRequest<D> & {
  request: FastifyRequest;
  reply: FastifyReply;
} & (D['who'] extends { kind: 'patient' }
    ? { patient: PatientAccess; caller: AuthContext }
    : D['who'] extends { kind: 'account' }
      ? { caller: AuthContext }
      : D['who'] extends { kind: 'apiKey' }
        ? { practiceId: number }
        : object);

/** A handler answers the call's result, or sends the reply itself (a file, a redirect, another status). */
export type CallHandler<D extends CallDescription> = (
  context: CallContext<D>,
) => Promise<CallResult<D> | FastifyReply>;

export interface CallOptions {
  /**
   * Reads the caller instead of the standard `authenticate`, for a hot read that folds its own query
   * into the caller's (decision 045). It must set `request.auth` as `authenticate` does.
   */
  authenticate?: (request: FastifyRequest) => Promise<void>;
  /** Request body limit in bytes, when the call takes more or less than the app's default. */
  bodyLimit?: number;
  /**
   * For a `patient` call whose patient field is optional by the spec: when the request leaves it out,
   * the guard checks the caller's own patient instead (always theirs, so it passes).
   */
  patientWhenAbsent?: 'caller';
  /**
   * Runs after the guards and before the schemas validate: a body of several shapes can report the
   * errors of the shape the caller meant instead of those of every shape.
   */
  beforeValidation?: preValidationAsyncHookHandler;
  /**
   * For a `patient` call that names an item (`who.of`): the patient who owns the item with that id,
   * or null when there is none. Required for such a call, and only for it.
   */
  ownerOf?: OwnerOf;
}

/** The patient an item belongs to, by the item's id; null when no item has that id. */
export type OwnerOf = (db: Db, id: number) => Promise<number | null>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The description a route was registered from (the security tests read it). */
    call?: CallDescription;
  }
}

export function registerCall<const D extends CallDescription>(
  app: FastifyInstance,
  description: D,
  handler: CallHandler<D>,
  options: CallOptions = {},
): void {
  const who = description.who;
  const guards: preValidationAsyncHookHandler[] = [];
  if (who.kind === 'account' || who.kind === 'patient') guards.push(options.authenticate ?? authenticate);
  if (who.kind === 'patient') {
    const namesItem = 'of' in who && who.of !== undefined;
    if (namesItem !== Boolean(options.ownerOf))
      throw new Error(
        `${description.method} ${description.path}: ownerOf goes with who.of, and only with it`,
      );
    guards.push(patientGuard(who.in, who.field, who.also ?? [], options));
  }
  if (who.kind === 'apiKey') guards.push(authenticateApiKey);
  if (options.beforeValidation) guards.push(options.beforeValidation);

  app.route({
    method: description.method,
    url: description.path,
    config: { call: description },
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    schema: routeSchema(description),
    preValidation: guards,
    ...(options.ownerOf ? { preHandler: refuseUnchecked } : {}),
    serializerCompiler: serializerFor(description),
    handler: async (request, reply) => {
      const context = {
        params: request.params,
        query: request.query,
        body: request.body,
        request,
        reply,
        ...(who.kind === 'patient'
          ? { patient: request.patientAccess as PatientAccess, caller: authOf(request) }
          : {}),
        ...(who.kind === 'account' ? { caller: authOf(request) } : {}),
        ...(who.kind === 'apiKey' ? { practiceId: apiKeyPracticeOf(request) } : {}),
      } as unknown as CallContext<D>;
      const result = await handler(context);
      if (result === reply) return reply;
      if (description.status && description.status !== 200) reply.status(description.status);
      return result;
    },
  });
}

function patientGuard(
  location: PatientLocation,
  field: string,
  also: readonly string[],
  { patientWhenAbsent, ownerOf }: CallOptions,
): preValidationAsyncHookHandler {
  const part = { path: 'params', body: 'body', query: 'query' } as const;
  return async function patientAccessGuard(request) {
    const source = request[part[location]];
    const named = valueAtPath(source, field);
    let patientId: unknown = named;
    let detail: Record<string, unknown> = {};
    if (ownerOf) {
      // The request names an item: its owner is the patient, and an id naming nothing has none.
      const itemId = toItemId(named);
      if (itemId === null) return; // not an id: validation answers it (refuseUnchecked backs it up)
      patientId = await ownerOf(request.server.db, itemId);
      detail = { [field]: itemId };
    } else if (named === undefined && patientWhenAbsent === 'caller') patientId = authOf(request).patientId;
    const access = await assertPatientAccess(request, patientId, detail);
    // A repeated patient field naming anyone else is refused as the stranger it would let in.
    for (const other of also) {
      const value = valueAtPath(source, other);
      if (value !== undefined && Number(value) !== access.patientId) {
        const otherId = Number(value);
        const audited = Number.isInteger(otherId) && otherId > 0 && otherId <= 2_147_483_647 ? otherId : null;
        await recordAccessDenied(request, audited, { field: other });
        throw forbidden();
      }
    }
    request.patientAccess = access;
  };
}

/** After validation: a call naming an item that the guard could not check goes no further. */
async function refuseUnchecked(request: FastifyRequest): Promise<void> {
  if (!request.patientAccess) await assertPatientAccess(request, null, { unchecked: true });
}

/** A database id from a path segment or a JSON value; null for anything else. */
function toItemId(value: unknown): number | null {
  const id = typeof value === 'string' && /^[0-9]{1,10}$/.test(value) ? Number(value) : value;
  return typeof id === 'number' && Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
}

function routeSchema(description: CallDescription): FastifySchema {
  const response: Record<number, unknown> = { [description.status ?? 200]: description.response };
  for (const [status, schema] of Object.entries(description.answers ?? {})) response[Number(status)] = schema;
  return {
    ...(description.summary ? { summary: description.summary } : {}),
    ...(description.description ? { description: description.description } : {}),
    ...(description.who.kind === 'apiKey' ? { security: [{ apiKey: [] }] } : {}),
    ...(description.params ? { params: description.params } : {}),
    ...(description.query ? { querystring: description.query } : {}),
    ...(description.body ? { body: description.body } : {}),
    response,
  };
}

/** fast-json-stringify where the schema converts to JSON Schema; the Zod serializer otherwise. */
function serializerFor(description: CallDescription) {
  try {
    return fastSerializerFor200(description.response);
  } catch {
    return undefined;
  }
}
