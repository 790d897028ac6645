/**
 * Edit profile joined with the invitations feature, which owns e-mail verification links: a changed
 * address is sent the same link clinic staff send (features do not import each other). app.ts hands
 * the result to `registerEditProfileCalls`.
 */
import type { FastifyInstance } from 'fastify';
import type { SendEmailVerification } from '../features/edit-profile/edit-profile.service';
import { sendInvitationTo } from '../features/invitations/invitation.service';
import { patientById } from '../features/invitations/patient-lookup.repository';

export function emailVerificationSender(app: FastifyInstance): SendEmailVerification {
  const deps = { db: app.db, mailer: app.mailer, config: app.config };
  return async (patientId, email) => {
    const facts = await patientById(app.db, patientId);
    if (facts) await sendInvitationTo(deps, facts, { kind: 'EMAIL_VERIFICATION', email });
  };
}
