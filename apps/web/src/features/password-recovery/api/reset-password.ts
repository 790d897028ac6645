import { useMutation } from '@tanstack/react-query';
import type { ResetPasswordRequest, ResetPasswordResponse } from '@dermis/contract';
import { useApiClient, type HttpClient } from '../../../lib/api';
import { loadEntryCalls } from '../../../lib/api/entry-call';

/** POST patient/resetPassword: public; the token is the secret from the e-mailed link. */
export function resetPassword(
  client: HttpClient,
  input: ResetPasswordRequest,
): Promise<ResetPasswordResponse> {
  return client.call(() => loadEntryCalls().then((m) => m.resetPassword), { body: input });
}

export function useResetPassword() {
  const client = useApiClient();
  return useMutation({ mutationFn: (input: ResetPasswordRequest) => resetPassword(client, input) });
}
