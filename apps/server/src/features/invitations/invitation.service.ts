/**
 * Clinic staff send an account-creation or e-mail-verification link (integration API and CLI).
 * Shared by both so the rules are written once.
 */
import { errorCodes, webRoutes } from '@dermis/contract';
import type { InvitationResponse, SendInvitationRequest } from '@dermis/contract';
import type { Config } from '../../config/env';
import type { Db } from '../../db/database';
import { httpError, invalidField, notFound } from '../../lib/http-error';
import type { Mailer } from '../../lib/mail/mailer';
import { mailBrand } from '../../lib/mail/template';
import { issueAccountToken } from './account-token.repository';
import { invitationMail } from './invitation-mail';
import { firstActiveEmail, profileLanguage } from '../../lib/patient-email';
import { accountOfPatient, patientByExternalId } from './patient-lookup.repository';
import type { PatientFacts } from './patient-lookup.repository';

export interface MailDeps {
  db: Db;
  mailer: Mailer;
  config: Pick<Config, 'publicUrl' | 'accountInvitationTtlHours' | 'emailVerificationTtlHours'>;
}

export async function sendInvitation(
  deps: MailDeps,
  practiceId: number,
  externalId: string,
  input: SendInvitationRequest,
): Promise<InvitationResponse> {
  const found = await patientByExternalId(deps.db, practiceId, externalId);
  if (!found) throw notFound('server.error.patientNotFound', { externalId });
  return sendInvitationTo(deps, found, input);
}

export async function sendInvitationTo(
  deps: MailDeps,
  found: PatientFacts,
  input: SendInvitationRequest,
): Promise<InvitationResponse> {
  if (!found.active || found.deceased) {
    throw httpError(409, errorCodes.conflict, 'server.error.patientInactive');
  }
  const account = await accountOfPatient(deps.db, found.id);
  if (input.kind === 'ACCOUNT_CREATION' && account) {
    throw httpError(409, errorCodes.conflict, 'server.error.alreadyHasAccount');
  }
  const email = input.email ?? (await firstActiveEmail(deps.db, found.id));
  if (!email) throw invalidField('email', 'server.error.noEmail');

  const token = await issueAccountToken(deps.db, {
    kind: input.kind,
    practiceId: found.practiceId,
    patientId: found.id,
    email,
    ttlHours:
      input.kind === 'ACCOUNT_CREATION'
        ? deps.config.accountInvitationTtlHours
        : deps.config.emailVerificationTtlHours,
  });
  const route = input.kind === 'ACCOUNT_CREATION' ? webRoutes.createAccount : webRoutes.verifyEmail;
  const path = route.replace(/:\w+$/, encodeURIComponent(token.secret));
  await deps.mailer.send(
    invitationMail({
      kind: input.kind,
      practiceId: found.practiceId,
      practiceName: found.practiceName,
      brand: mailBrand(deps.config.publicUrl, found),
      to: email,
      url: `${deps.config.publicUrl}${path}`,
      expiresAt: token.expiresAt,
      // The account's language, else the health profile's (decision 157): a patient invited to
      // create an account has no account language yet.
      language: account?.language ?? (await profileLanguage(deps.db, found.id)),
    }),
  );
  return { id: token.id, kind: input.kind, email, expiresAt: token.expiresAt.toISOString() };
}
