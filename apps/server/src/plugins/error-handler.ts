/**
 * Every failure leaves the server in the contract's errorResponse shape {error, message,
 * validationMessages?}; stack traces and driver messages stay in the log.
 */
import { errorCodes, translate } from '@dermis/contract';
import type { ErrorResponse } from '@dermis/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from '../lib/http-error';
import { catalogOf, requestLanguage } from '../lib/i18n';
import { retryAfterSeconds, unavailableDependency } from '../lib/outage';
import { recordAccessDenied } from './patient-access';
import { toValidationMessages } from './validation-messages';

const codeByStatus: Record<number, string> = {
  400: errorCodes.validation,
  401: errorCodes.unauthorized,
  403: errorCodes.forbidden,
  404: errorCodes.notFound,
  409: errorCodes.conflict,
  429: errorCodes.tooManyAttempts,
};

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    // An outage (docs/decisions/173): the request was fine and will work again by itself.
    const dependency = error instanceof HttpError ? null : unavailableDependency(error);
    if (dependency) {
      request.log.warn({ err: error, dependency }, 'request failed: a service is unavailable');
      const message = translate('error.serviceUnavailable', undefined, catalogOf(requestLanguage(request)));
      return reply
        .status(503)
        .header('retry-after', String(retryAfterSeconds))
        .send({ error: errorCodes.serviceUnavailable, message } satisfies ErrorResponse);
    }
    const [status, body] = toErrorResponse(error, request);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    // Every refusal of a signed-in caller is audited, whichever check refused it.
    if (status === 403) await recordAccessDenied(request, null, { reason: 'refused by the handler' });
    return reply.status(status).send(body);
  });
}

function toErrorResponse(error: FastifyError, request: FastifyRequest): [number, ErrorResponse] {
  const catalog = catalogOf(requestLanguage(request));
  if (error instanceof HttpError) {
    return [error.statusCode, { error: error.code, ...error.in(catalog) }];
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const input = inputOf(request, error.validationContext);
    const issues = error.validation.map((v) => ({
      path: v.instancePath.split('/').filter(Boolean).map(decodePointer),
      code: v.keyword,
      message: v.message ?? '',
      params: v.params,
    }));
    return [
      400,
      {
        error: errorCodes.validation,
        message: translate('error.validation', undefined, catalog),
        validationMessages: toValidationMessages(issues, input, catalog),
      },
    ];
  }
  if (databaseCode(error) === '23505') {
    return [
      409,
      { error: errorCodes.conflict, message: translate('server.error.conflict', undefined, catalog) },
    ];
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    // Fastify's own client errors: malformed JSON, wrong content type, body too large.
    const message = status === 400 ? translate('server.error.badRequest', undefined, catalog) : error.message;
    return [status, { error: codeByStatus[status] ?? error.code ?? 'BAD_REQUEST', message }];
  }
  return [500, { error: errorCodes.internal, message: translate('error.generic', undefined, catalog) }];
}

export function sendNotFound(reply: FastifyReply): FastifyReply {
  const message = translate('error.notFound', undefined, catalogOf(requestLanguage(reply.request)));
  return reply.status(404).send({ error: errorCodes.notFound, message } satisfies ErrorResponse);
}

function inputOf(request: FastifyRequest, context: string | undefined): unknown {
  switch (context) {
    case 'params':
      return request.params;
    case 'querystring':
      return request.query;
    case 'headers':
      return request.headers;
    default:
      return request.body;
  }
}

function decodePointer(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** The SQLSTATE of a database error, also when Drizzle wraps it (DrizzleQueryError.cause). */
function databaseCode(error: unknown): string | undefined {
  for (
    let e: unknown = error, depth = 0;
    e && typeof e === 'object' && depth < 3;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}
