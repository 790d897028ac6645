/**
 * PUT /api/integration/practice/mfa {required}: the practice administrator's "two-step required"
 * switch, for the API key's own practice. Lives with two-step (not in features/integration) because
 * features do not import each other; the CLI's practice:set-mfa calls the same function.
 */
import { practiceMfaCalls } from '@dermis/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../plugins/register-call';
import { setPracticeMfa } from './practice-mfa.service';

export function registerPracticeMfaCalls(app: FastifyInstance): void {
  registerCall(app, practiceMfaCalls.set, ({ practiceId, body }) =>
    setPracticeMfa(app.db, practiceId, body.required),
  );
}
