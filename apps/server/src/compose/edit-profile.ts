/**
 * Edit profile composed with the invitations feature, which owns e-mail verification links: a
 * changed address is sent the same link clinic staff send (features do not import each other).
 */
import type { FastifyInstance } from 'fastify';
import { apiPrefix } from '@dermis/contract';
import {
  editProfileIntegrationRoutes,
  editProfileRoutes,
} from '../features/edit-profile/edit-profile.routes';
import { sendInvitationTo } from '../features/invitations/invitation.service';
import { patientById } from '../features/invitations/patient-lookup.repository';

export async function registerEditProfile(app: FastifyInstance): Promise<void> {
  const deps = { db: app.db, mailer: app.mailer, config: app.config };
  await app.register(editProfileRoutes, {
    prefix: apiPrefix.app,
    sendEmailVerification: async (patientId: number, email: string) => {
      const facts = await patientById(app.db, patientId);
      if (facts) await sendInvitationTo(deps, facts, { kind: 'EMAIL_VERIFICATION', email });
    },
  });
  await app.register(editProfileIntegrationRoutes, { prefix: apiPrefix.integration });
}
