/**
 * `dermis apps:register`, `apps:list` and `apps:disable`: clinic staff register the health apps
 * (SMART on FHIR clients) their patients may connect, list them and disable one (decision 214). The
 * same services as the integration API's `health-apps` calls; with `--server` and `--api-key` the
 * command calls that API instead of opening the database.
 */
import fs from 'node:fs';
import { type Command, InvalidArgumentError } from 'commander';
import {
  healthAppAuthMethods,
  healthAppsCalls,
  registerHealthAppRequest,
  routePath,
  type HealthAppListResponse,
  type HealthAppSummary,
  type RegisterHealthAppResponse,
} from '@dermis/contract';
import { disableHealthAppEverywhere } from '../features/health-apps/authorization/health-apps.service';
import {
  listHealthApps,
  registerHealthApp,
} from '../features/health-apps/authorization/health-apps.repository';
import { HttpError } from '../lib/http-error';
import { CliInputError } from './commands';
import type { InvitationCliIo } from './invitation-commands';
import { callIntegration, remoteTarget } from './remote';

const positiveInteger = (value: string): number => {
  if (!/^\d+$/.test(value) || Number(value) < 1)
    throw new InvalidArgumentError('must be a positive whole number');
  return Number(value);
};
const collect = (value: string, previous: string[] = []) => [...previous, value];

interface RegisterOptions {
  practice: number;
  name: string;
  redirectUri: string[];
  clientId?: string;
  auth: string;
  jwksUri?: string;
  jwksFile?: string;
  scope?: string[];
  loopbackAnyPort?: boolean;
}

export function registerHealthAppCommands(program: Command, io: InvitationCliIo): void {
  const print = (text: string) => (io.print ?? console.log)(text);
  const remote = () => remoteTarget(program.opts<{ server?: string; apiKey?: string }>());

  program
    .command('apps:register')
    .description(
      'Register a health app (SMART on FHIR client) of the practice; a client_secret_basic app gets its secret, shown once.',
    )
    .requiredOption(
      '--practice <id>',
      'practice id (local mode; remote mode acts for the API key’s practice)',
      positiveInteger,
    )
    .requiredOption('--name <name>', 'the app’s name, as patients see it')
    .requiredOption('--redirect-uri <uri>', 'a redirect address (repeat for several)', collect)
    .option('--client-id <id>', 'the client id (default: generated)')
    .option('--auth <method>', `token endpoint authentication: ${healthAppAuthMethods.join(', ')}`, 'none')
    .option('--jwks-uri <url>', 'private_key_jwt: where the app publishes its public keys')
    .option('--jwks-file <path>', 'private_key_jwt: a file holding the app’s JWK Set')
    .option(
      '--scope <scope>',
      'a patient scope the app may be granted (repeat; default patient/*.read and patient/*.rs)',
      collect,
    )
    .option('--loopback-any-port', 'loopback redirect addresses match on any port (native apps, RFC 8252)')
    .addHelpText(
      'after',
      '\nExample:\n  dermis apps:register --practice 1 --name "My Health App" --redirect-uri https://app.example.org/callback',
    )
    .action(async (options: RegisterOptions) => {
      const parsed = registerHealthAppRequest.safeParse({
        ...(options.clientId ? { clientId: options.clientId } : {}),
        name: options.name,
        redirectUris: options.redirectUri,
        tokenEndpointAuthMethod: options.auth,
        ...(options.jwksUri ? { jwksUri: options.jwksUri } : {}),
        ...(options.jwksFile ? { jwks: readJwks(options.jwksFile) } : {}),
        ...(options.scope ? { allowedScopes: options.scope } : {}),
        loopbackAnyPort: Boolean(options.loopbackAnyPort),
      });
      if (!parsed.success) {
        const lines = parsed.error.issues.map(
          (issue) => `  ${issue.path.join('.') || 'input'}: ${issue.message}`,
        );
        throw new CliInputError(`Invalid options:\n${lines.join('\n')}`);
      }
      const target = remote();
      if (target) {
        print(
          describeRegistered(
            await callIntegration<RegisterHealthAppResponse>(
              target,
              healthAppsCalls.register.method,
              healthAppsCalls.register.path,
              parsed.data,
              io.fetch,
            ),
          ),
        );
        return;
      }
      await io.withDatabase(async (db) =>
        describeRegistered(await cliErrors(() => registerHealthApp(db, options.practice, parsed.data))),
      );
    });

  program
    .command('apps:list')
    .description('List the practice’s health apps.')
    .requiredOption('--practice <id>', 'practice id (local mode)', positiveInteger)
    .addHelpText('after', '\nExample:\n  dermis apps:list --practice 1')
    .action(async (options: { practice: number }) => {
      const target = remote();
      if (target) {
        const { apps } = await callIntegration<HealthAppListResponse>(
          target,
          healthAppsCalls.list.method,
          healthAppsCalls.list.path,
          undefined,
          io.fetch,
        );
        print(describeList(apps));
        return;
      }
      await io.withDatabase(async (db) => describeList(await listHealthApps(db, options.practice)));
    });

  program
    .command('apps:disable')
    .description('Disable a health app: it can no longer connect, and its connections end at once.')
    .requiredOption('--practice <id>', 'practice id (local mode)', positiveInteger)
    .requiredOption('--client-id <id>', 'the app’s client id')
    .addHelpText('after', '\nExample:\n  dermis apps:disable --practice 1 --client-id my-health-app')
    .action(async (options: { practice: number; clientId: string }) => {
      const target = remote();
      if (target) {
        const path = routePath(healthAppsCalls.disable.path, { clientId: options.clientId });
        await callIntegration<HealthAppSummary>(target, healthAppsCalls.disable.method, path, {}, io.fetch);
        print(`Health app ${options.clientId} disabled.`);
        return;
      }
      await io.withDatabase(async (db) => {
        await cliErrors(() => disableHealthAppEverywhere(db, options.practice, options.clientId));
        return `Health app ${options.clientId} disabled.`;
      });
    });
}

function readJwks(path: string): unknown {
  try {
    return JSON.parse(fs.readFileSync(path, 'utf8')) as unknown;
  } catch (error) {
    throw new CliInputError(`Invalid options:\n  --jwks-file: ${(error as Error).message}`);
  }
}

/** A refusal of the service (an existing client id, a bad redirect address) as a CLI input error. */
async function cliErrors<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (error instanceof HttpError && error.statusCode < 500) {
      const fields = (error.validationMessages ?? []).map((m) => `\n  ${m.field}: ${m.description}`).join('');
      throw new CliInputError(`${error.message}${fields}`);
    }
    throw error;
  }
}

function describeRegistered(app: RegisterHealthAppResponse): string {
  return [
    `Health app registered: ${app.name}`,
    `  client id: ${app.clientId}`,
    `  authentication: ${app.tokenEndpointAuthMethod}`,
    `  redirect addresses: ${app.redirectUris.join(', ')}${app.loopbackAnyPort ? ' (any loopback port)' : ''}`,
    `  scopes: ${app.allowedScopes.join(' ')}`,
    ...(app.clientSecret ? [`  client secret (shown only now): ${app.clientSecret}`] : []),
  ].join('\n');
}

function describeList(apps: HealthAppSummary[]): string {
  if (apps.length === 0) return 'No health apps registered.';
  return apps
    .map(
      (app) =>
        `${app.clientId}\t${app.name}\t${app.tokenEndpointAuthMethod}\t${app.disabled ? 'disabled' : 'enabled'}\t${app.redirectUris.join(' ')}`,
    )
    .join('\n');
}
