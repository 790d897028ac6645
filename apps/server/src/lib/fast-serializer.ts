/**
 * A route's response serialiser compiled by fast-json-stringify from the contract's Zod schema
 * (converted to JSON Schema once, at start). For hot reads whose answer the server builds itself:
 * like the Zod serialiser it writes only the schema's properties, without validating the whole
 * object against Zod on every call (docs/decisions/045).
 */
import fastJson from 'fast-json-stringify';
import { z } from 'zod';

export function fastSerializer(schema: z.ZodType): () => (data: unknown) => string {
  const stringify: (data: unknown) => string = fastJson(
    z.toJSONSchema(schema, { target: 'draft-7', io: 'output' }) as object,
  );
  return () => stringify;
}
