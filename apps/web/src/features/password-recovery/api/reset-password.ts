import { useMutation } from '@tanstack/react-query';
import {
  accountRoutes,
  resetPasswordResponse,
  type ResetPasswordRequest,
  type ResetPasswordResponse,
} from '@dermis/contract';
import { useApiClient, type HttpClient } from '../../../lib/api';

/** POST patient/resetPassword: public; the token is the secret from the e-mailed link. */
export function resetPassword(
  client: HttpClient,
  input: ResetPasswordRequest,
): Promise<ResetPasswordResponse> {
  return client.request(client.appUrl(accountRoutes.resetPassword), {
    method: 'POST',
    auth: 'none',
    body: input,
    schema: resetPasswordResponse,
  });
}

export function useResetPassword() {
  const client = useApiClient();
  return useMutation({ mutationFn: (input: ResetPasswordRequest) => resetPassword(client, input) });
}
