/**
 * This area's calls (contract `invitationsCalls`): the public app-server calls a patient reaches from
 * an e-mail link (no sign-in; the link's secret or signature is the credential), and the integration
 * calls staff use to send those links and custom messages (API key).
 */
import { invitationsCalls } from '@dermis/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../plugins/register-call';
import { sendClinicMessage } from './clinic-message.service';
import { createAccount } from './create-account.service';
import { sendInvitation } from './invitation.service';
import { unsubscribe } from './unsubscribe.service';
import { verifyEmail } from './verify-email.service';

export function registerInvitationsCalls(app: FastifyInstance): void {
  registerCall(app, invitationsCalls.verifyEmail, ({ body }) => verifyEmail(app, body.token));
  registerCall(app, invitationsCalls.createAccount, ({ body }) => createAccount(app.db, body));
  registerCall(app, invitationsCalls.unsubscribe, ({ query }) => unsubscribe(app, query));
  registerCall(app, invitationsCalls.sendInvitation, ({ practiceId, params, body }) =>
    sendInvitation(app, practiceId, params.externalId, body),
  );
  registerCall(app, invitationsCalls.sendMessage, ({ practiceId, params, body }) =>
    sendClinicMessage(app, practiceId, params.externalId, body),
  );
}
