/**
 * What vite/compiled-validators.ts compiles: the answers the entry chunk checks without zod, as the
 * contract describes them, turned into JSON Schema. Loaded through Vite's module runner at build
 * time (it imports the contract's TypeScript), never by the app itself.
 */
import { errorResponse, practiceBrandingCalls, systemCalls, type CallDescription } from '@dermis/contract';
import { z } from 'zod';

/**
 * The JSON Schema of what the schema's parse accepts (`io: 'input'`: a field with a default may be
 * absent, and the check fills it in as the parse does), in draft-07 for Ajv. A property
 * the schema does not name is let through rather than refused (zod's parse drops it; a newer server
 * may add one): no `additionalProperties: false`, whose checks would cost /login bytes for nothing.
 */
export function jsonSchemaOf(schema: z.ZodType): object {
  const { $schema: _, ...json } = z.toJSONSchema(schema, {
    target: 'draft-07',
    io: 'input',
    override: ({ jsonSchema }) => {
      if (jsonSchema.additionalProperties === false) delete jsonSchema.additionalProperties;
      // zod's .int() states the safe-integer range; JSON.parse has already rounded any number past it.
      if (jsonSchema.type === 'integer') {
        if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
        if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
      }
    },
  });
  return json;
}

function compiled(call: CallDescription) {
  return { method: call.method, path: call.path, response: jsonSchemaOf(call.response) };
}

/** Each call becomes an export with its method, path and answer check. */
export const calls = {
  publicConfig: compiled(systemCalls.config),
  practiceBranding: compiled(practiceBrandingCalls.get),
};

/** Each bare schema becomes an export `is<Name>`. */
export const schemas = { ErrorResponse: jsonSchemaOf(errorResponse) };
