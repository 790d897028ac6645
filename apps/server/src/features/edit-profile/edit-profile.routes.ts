/**
 * Edit profile calls (contract `editProfileCalls`, spec 001 §7): the patient reads and saves the
 * profile through the guard; the clinic sets the LK, imported and non-USA flags with its API key.
 */
import { editProfileCalls } from '@dermis/contract';
import type { FastifyInstance } from 'fastify';
import { patientIdByExternalId } from '../../lib/practice-patients';
import { registerCall } from '../../plugins/register-call';
import {
  getEditableProfile,
  setProfileFlags,
  updateProfile,
  type SendEmailVerification,
} from './edit-profile.service';

/**
 * `sendEmailVerification` is the invitations feature's e-mail verification link, joined in
 * compose/edit-profile.ts (features do not import each other).
 */
export function registerEditProfileCalls(
  app: FastifyInstance,
  deps: { sendEmailVerification: SendEmailVerification },
): void {
  registerCall(app, editProfileCalls.getEditableProfile, ({ patient }) =>
    getEditableProfile(app.db, patient.patientId),
  );

  registerCall(app, editProfileCalls.update, ({ patient, body }) =>
    updateProfile({ db: app.db, sendEmailVerification: deps.sendEmailVerification }, patient.patientId, body),
  );

  registerCall(app, editProfileCalls.setProfileFlags, async ({ params, body, practiceId }) => {
    const patientId = await patientIdByExternalId(app.db, practiceId, params.externalId);
    return setProfileFlags(app.db, patientId, body);
  });
}
