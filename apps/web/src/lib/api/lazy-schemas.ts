import type { z } from 'zod';
import type * as entrySchemas from './entry-schemas';

type EntrySchemas = typeof entrySchemas;

/** The contract schemas the entry chunk must not carry, loaded once on first use (entry-schemas.ts). */
export function loadSchemas(): Promise<EntrySchemas> {
  return import('./entry-schemas');
}

/** A `schema` for `client.request` that loads the named contract schema when the answer arrives. */
export function lazySchema<K extends keyof EntrySchemas>(
  name: K,
): () => Promise<EntrySchemas[K] extends z.ZodType ? EntrySchemas[K] : never> {
  return () => loadSchemas().then((schemas) => schemas[name] as never);
}
