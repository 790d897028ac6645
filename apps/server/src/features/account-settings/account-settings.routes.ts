/** Account-settings calls (spec 000 §7; contract `accountSettingsCalls`): the caller's own account. */
import { accountSettingsCalls } from '@dermis/contract';
import type { FastifyInstance } from 'fastify';
import { forbidden } from '../../lib/http-error';
import { recordAccessDenied } from '../../plugins/patient-access';
import { registerCall } from '../../plugins/register-call';
import { updateLanguage } from './account-settings.repository';
import { changePassword, changeUsername } from './account-settings.service';

export function registerAccountSettingsCalls(app: FastifyInstance): void {
  registerCall(app, accountSettingsCalls.changeUsername, async ({ patient, caller, request, body }) => {
    // A responsible person passes the guard for the patient they act for but may not rename that
    // patient's account.
    if (!patient.self) {
      await recordAccessDenied(request, patient.patientId, { call: 'changeUsername', reason: 'not self' });
      throw forbidden();
    }
    return changeUsername(app, caller, body.username);
  });

  // The account is the caller's; the body's username is accepted for the spec's call shape only.
  registerCall(app, accountSettingsCalls.changePassword, ({ caller, body }) =>
    changePassword(app, caller, body),
  );

  // Always the caller's own account: the language is a property of who reads, not of whom.
  registerCall(app, accountSettingsCalls.changeLanguage, async ({ caller, body }) => {
    await updateLanguage(app.db, caller.userId, body.language);
    return { language: body.language };
  });
}
