/**
 * What each answer of verifyEmail and createAccount leads to (spec 000 §4 and §8), kept apart from
 * the pages so every branch is testable: either a navigation (with the banners for the next page) or
 * banners on this page.
 */
import type { CreateAccountResponse, VerifyEmailResponse } from '@dermis/contract';
import { webRoutes } from '@dermis/contract';
import type { Messages } from '../../components/message-banners';
import { invalidResponseCode, isApiError, isServiceUnavailable, networkErrorCode } from '../../lib/api';
import { t } from '../../lib/i18n';
import type { LoginState } from '../../lib/navigation/login-state';

export type Outcome = { navigate: string; state: LoginState } | { messages: Messages };

export function verifyEmailOutcome(answer: VerifyEmailResponse): Outcome {
  if (answer.tokenStatus === 'EXPIRED') return { messages: { errors: [t('verifyEmail.error.expired')] } };
  if (answer.tokenStatus === 'INVALID') return { messages: { errors: [t('verifyEmail.error.invalid')] } };
  if (answer.tokenStatus === 'USED') return { messages: { errors: [t('verifyEmail.error.used')] } };
  const verified = answer.tokenStatus === 'UNUSED';
  if (answer.isDermisActive && answer.username) {
    // An active patient already has a username and password: the spec's 'create a username and
    // password' text is for those who still need an account, so they read that they can sign in.
    const notifications = verified ? [t('verifyEmail.successActive')] : [];
    return { navigate: webRoutes.login, state: { notifications, username: answer.username } };
  }
  const notifications = verified ? [t('verifyEmail.success')] : [];
  if (answer.createAccountToken) {
    const path = webRoutes.createAccount.replace(
      ':accountToken',
      encodeURIComponent(answer.createAccountToken),
    );
    return { navigate: path, state: { notifications } };
  }
  return { messages: { errors: [t('verifyEmail.error.requestFailed')] } };
}

export function verifyEmailFailure(): Messages {
  return { errors: [t('verifyEmail.error.requestFailed')] };
}

export function createAccountOutcome(answer: CreateAccountResponse): Outcome {
  switch (answer.tokenStatus) {
    case 'EXPIRED':
      return { messages: { errors: [t('createAccount.error.expired')] } };
    case 'INVALID':
      return { messages: { errors: [t('createAccount.error.invalid')] } };
    case 'USED':
      return { navigate: webRoutes.login, state: { warnings: [t('createAccount.warning.used')] } };
    case 'UNUSED':
      if (answer.error === 'USERNAME_EXISTS')
        return { messages: { warnings: [t('createAccount.error.usernameExists')] } };
      if (answer.error === 'WRONG_DATE_OF_BIRTH')
        return { messages: { warnings: [t('createAccount.error.wrongDateOfBirth')] } };
      if (answer.username)
        return {
          navigate: webRoutes.login,
          state: { notifications: [t('createAccount.success')], username: answer.username },
        };
  }
  return { messages: { errors: [t('createAccount.error.unknownResponse')] } };
}

export function createAccountFailure(error: unknown): Messages {
  // Spec 000 §5: the server unreachable (or briefly away, decision 173) gives the server-unavailable text.
  if (isServiceUnavailable(error) || !isApiError(error) || error.code === networkErrorCode) {
    return { errors: [t('createAccount.error.serviceUnavailable')] };
  }
  if (error.code === invalidResponseCode) return { errors: [t('createAccount.error.unknownResponse')] };
  // The server's own validation messages say exactly what to fix.
  if (error.validationMessages.length > 0) return { errors: [error.displayMessage] };
  return { errors: [t('createAccount.error.requestFailed')] };
}
