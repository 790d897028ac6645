/**
 * A route's response serialiser compiled by fast-json-stringify from the contract's Zod schema
 * (converted to JSON Schema once, at start). For hot reads whose answer the server builds itself:
 * like the Zod serialiser it writes only the schema's properties, without validating the whole
 * object against Zod on every call (docs/decisions/045).
 */
import type { FastifyReply } from 'fastify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import fastJson from 'fast-json-stringify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * The route's serializerCompiler: fast-json-stringify for the 200 answer, the app's Zod serialiser
 * for its other answers (a route-level serializerCompiler is asked for every status its schema names).
 */
export function fastSerializerFor200<RouteSchema>(schema: z.ZodType): FastifySerializerCompiler<RouteSchema> {
  const fast = fastStringify(schema);
  // Fastify passes each status's own schema here (a Zod schema: the contract's), not the route's.
  return (route) =>
    route.httpStatus === '200'
      ? fast
      : serializerCompiler(route as unknown as Parameters<typeof serializerCompiler>[0]);
}

/** JSON text of a value of `schema`'s output type, compiled by fast-json-stringify (only the schema's properties). */
export function fastStringify(schema: z.ZodType): (data: unknown) => string {
  return fastJson(z.toJSONSchema(schema, { target: 'draft-7', io: 'output' }) as object);
}

/**
 * Sends JSON text made by `fastStringify`: Fastify sends a string with a JSON content type as it is,
 * without the route's serialiser. (The reply is taken untyped: a typed route's reply expects the
 * answer's object, not its text.)
 */
export function sendJsonText(reply: FastifyReply, json: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}
