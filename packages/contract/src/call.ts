/**
 * A call, described once: its method and path, the schemas of what it takes and answers, and who may
 * make it. The server registers its route from this object (apps/server/src/plugins/register-call.ts)
 * and the web calls it through `client.call` (apps/web/src/lib/api/http-client.ts), so the pairing of
 * path, method, schemas and access rule is written in one place and checked by the compiler on both
 * sides.
 */
import type { z } from 'zod';

export type CallMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Where a patient-scoped call names its patient: a path parameter, a body field or a query field. */
export type PatientLocation = 'path' | 'body' | 'query';

/**
 * What a patient-scoped call may name instead of its patient: a visit (encounter), a consent, a
 * message or a message's attachment. The guard finds the patient the item belongs to and runs the
 * rule on that patient; an id that names nothing is refused like a stranger's, so ids do not leak.
 */
export type OwnedItem = 'encounter' | 'consent' | 'message' | 'attachment';

/**
 * Who may make a call. `patient` is the one that matters most: the caller must be signed in AND pass
 * the patient-access rule for the patient named at `in`/`field` (a dotted path into the body for a
 * nested field); the handler then receives that checked patient, never the raw id.
 */
export type Who =
  | { readonly kind: 'public' }
  | { readonly kind: 'account' }
  | {
      readonly kind: 'patient';
      readonly in: PatientLocation;
      readonly field: string;
      /**
       * Other fields of the same part that, when present, must name the same patient (a payload that
       * repeats the patient inside a nested object): a request naming another one there is refused
       * by the guard like a stranger, so no handler has to compare ids itself.
       */
      readonly also?: readonly string[];
      /** When set, `field` holds the id of an item of this kind, not a patient id. */
      readonly of?: OwnedItem;
    }
  | { readonly kind: 'apiKey' }
  | { readonly kind: 'internal' };

export const who = {
  /** Anyone: sign-in, the public configuration, signed links. */
  public: { kind: 'public' },
  /** A signed-in account, acting on itself (its settings, its sessions), not on a patient's record. */
  account: { kind: 'account' },
  /** A practice's system through its integration API key. */
  apiKey: { kind: 'apiKey' },
  /** The operator's own tools (metrics, loopback-only development pages). */
  internal: { kind: 'internal' },
  /** A signed-in account acting on the patient named by the path parameter `field`. */
  patientInPath: (field = 'id') => ({ kind: 'patient', in: 'path', field }) as const,
  /**
   * A signed-in account acting on the patient named by the body field `field` (dotted for nested);
   * `also` lists other body fields that, when present, must name the same patient.
   */
  patientInBody: <const A extends readonly string[] = readonly []>(field = 'patientId', also?: A) =>
    ({ kind: 'patient', in: 'body', field, ...(also ? { also } : {}) }) as const,
  /** A signed-in account acting on the patient named by the query field `field`. */
  patientInQuery: (field = 'patientId') => ({ kind: 'patient', in: 'query', field }) as const,
  /**
   * A signed-in account acting on the patient who owns the item (`of`) whose id is at `field` of the
   * path or the body (dotted for nested).
   */
  patientOf: <const O extends OwnedItem, const L extends 'path' | 'body', const F extends string>(
    of: O,
    location: L,
    field: F,
  ) => ({ kind: 'patient', in: location, field, of }) as const,
} as const;

export interface CallDescription {
  readonly method: CallMethod;
  /** The whole path as the server serves it, with `:name` parameters (`routePath` fills them). */
  readonly path: string;
  readonly who: Who;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** The answer of success (200, or `status`). */
  readonly response: z.ZodType;
  /** The status of success when it is not 200 (e.g. 201 Created); `created` answers may vary per call. */
  readonly status?: 200 | 201 | 204;
  /** Other answers the call documents (the integration API's OpenAPI document lists them). */
  readonly answers?: Readonly<
    Partial<Record<200 | 201 | 400 | 401 | 403 | 404 | 409 | 413 | 429 | 503, z.ZodType>>
  >;
  /** For the integration API's OpenAPI document. */
  readonly summary?: string;
  readonly description?: string;
}

/** Declares a call; the `const` parameter keeps every literal (path, who) in its type. */
export function describeCall<const D extends CallDescription>(description: D): D {
  return description;
}

type Infer<S> = S extends z.ZodType ? z.input<S> : undefined;
type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What a caller sends: path parameters, query and body, each typed by its schema's input. */
export type CallInput<D extends CallDescription> = DropUndefined<{
  params: Infer<D['params']>;
  query: Infer<D['query']>;
  body: Infer<D['body']>;
}>;

/** What the handler receives after validation: each part typed by its schema's output. */
export type CallRequest<D extends CallDescription> = {
  params: Parsed<D['params']>;
  query: Parsed<D['query']>;
  body: Parsed<D['body']>;
};

/** The answer as the web reads it (after parsing) and as the handler returns it (before serializing). */
export type CallAnswer<D extends CallDescription> = z.output<D['response']>;
export type CallResult<D extends CallDescription> = z.input<D['response']>;

type DropUndefined<T> = { [K in keyof T as T[K] extends undefined ? never : K]: T[K] };

/** The value at a dotted path of an object (the patient id of `who.patientInBody('a.b')`). */
export function valueAtPath(source: unknown, dotted: string): unknown {
  let value: unknown = source;
  for (const key of dotted.split('.')) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}
