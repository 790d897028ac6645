/**
 * The one way a call becomes a route: from its description in the contract (packages/contract,
 * `describeCall`). Who may make it decides the guards, applied here and nowhere else:
 * - `patient`: the caller is authenticated, then the patient-access rule runs on the patient the
 *   description names (path, body or query field) BEFORE the request is validated, so a stranger learns
 *   nothing from validation messages; the handler receives the checked patient;
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
import { fastSerializerFor200 } from '../lib/fast-serializer';
import { apiKeyPracticeOf, authenticateApiKey } from './api-key';
import { authenticate, authOf } from './authenticate';
import { assertPatientAccess } from './patient-access';

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
}

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
  if (who.kind === 'patient') guards.push(patientGuard(who.in, who.field));
  if (who.kind === 'apiKey') guards.push(authenticateApiKey);

  app.route({
    method: description.method,
    url: description.path,
    config: { call: description },
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    schema: routeSchema(description),
    preValidation: guards,
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

function patientGuard(location: PatientLocation, field: string): preValidationAsyncHookHandler {
  const part = { path: 'params', body: 'body', query: 'query' } as const;
  return async function patientAccessGuard(request) {
    const source = request[part[location]];
    request.patientAccess = await assertPatientAccess(request, valueAtPath(source, field));
  };
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
