/**
 * The integration API for the practice's health apps (contract `healthAppsCalls`; API key, the key's
 * practice only): register an app, list them, disable one. Described in the OpenAPI document like
 * every integration call.
 */
import { healthAppsCalls } from '@dermis/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../../plugins/register-call';
import { disableHealthAppEverywhere } from './health-apps.service';
import { listHealthApps, registerHealthApp } from './health-apps.repository';

export function registerHealthAppsIntegrationCalls(app: FastifyInstance): void {
  registerCall(app, healthAppsCalls.register, ({ practiceId, body }) =>
    registerHealthApp(app.db, practiceId, body),
  );

  registerCall(app, healthAppsCalls.list, async ({ practiceId }) => ({
    apps: await listHealthApps(app.db, practiceId),
  }));

  registerCall(app, healthAppsCalls.disable, ({ practiceId, params }) =>
    disableHealthAppEverywhere(app.db, practiceId, params.clientId),
  );
}
