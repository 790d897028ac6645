/** Public password-recovery calls (spec 000 §7; contract `passwordRecoveryCalls`): no sign-in. */
import { passwordRecoveryCalls } from '@dermis/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../plugins/register-call';
import { forgotPassword, resetPassword } from './password-recovery.service';

export function registerPasswordRecoveryCalls(app: FastifyInstance): void {
  registerCall(app, passwordRecoveryCalls.forgotPassword, ({ body, request }) =>
    forgotPassword(app, body.username, request.ip),
  );
  registerCall(app, passwordRecoveryCalls.resetPassword, ({ body }) => resetPassword(app, body));
}
