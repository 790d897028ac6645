/**
 * Remote mode of the CLI (`--server URL --api-key KEY`): the command calls the integration API over
 * HTTP instead of opening the database. This is how staff use the CLI while the server runs on the
 * embedded database, whose folder only one process may open.
 */
import { apiPrefix } from '@dermis/contract';
import { CliInputError } from './commands';

export interface RemoteTarget {
  server: string;
  apiKey: string;
}

export class RemoteCallError extends Error {
  override name = 'CliInputError';
}

/** One integration call; answers the parsed JSON or throws the server's message. */
export async function callIntegration<T>(
  target: RemoteTarget,
  method: 'POST' | 'PUT',
  path: string,
  body: unknown,
  fetchFn: typeof fetch = fetch,
): Promise<T> {
  // A described call's path is whole; the older table's paths are relative to the integration prefix.
  const whole = path.startsWith('/') ? path : `${apiPrefix.integration}/${path}`;
  const url = `${target.server.replace(/\/+$/, '')}${whole}`;
  let response: Response;
  try {
    response = await fetchFn(url, {
      method,
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'X-Api-Key': target.apiKey },
      body: JSON.stringify(body),
    });
  } catch (error) {
    throw new RemoteCallError(`Cannot reach ${url}: ${(error as Error).message}`);
  }
  const text = await response.text();
  const json = parseJson(text);
  if (!response.ok) {
    const failure = (json ?? {}) as {
      message?: string;
      validationMessages?: { field: string; description: string }[];
    };
    const details = (failure.validationMessages ?? [])
      .map((m) => `\n  ${m.field}: ${m.description}`)
      .join('');
    throw new RemoteCallError(`The server answered ${response.status}: ${failure.message ?? text}${details}`);
  }
  return json as T;
}

/** The remote target from the global options, or null for local mode; half a target is an error. */
export function remoteTarget(options: { server?: string; apiKey?: string }): RemoteTarget | null {
  if (!options.server && !options.apiKey) return null;
  if (!options.server || !options.apiKey) {
    throw new CliInputError(
      'Invalid options:\n  --server and --api-key go together (remote mode needs both)',
    );
  }
  if (!/^https?:\/\/[^/]+/.test(options.server)) {
    throw new CliInputError(
      'Invalid options:\n  --server: must be an http(s):// URL, e.g. http://localhost:8080',
    );
  }
  return { server: options.server, apiKey: options.apiKey };
}

function parseJson(text: string): unknown {
  try {
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return undefined; // not JSON (a proxy's error page): the status and text say enough
  }
}
