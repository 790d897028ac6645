import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordResponse } from '@dermis/contract';
import { useApiClient, type HttpClient } from '../../../lib/api';
import { loadEntryCalls } from '../../../lib/api/entry-call';

/** POST patient/forgotPassword: public, so sent without a token. */
export function forgotPassword(client: HttpClient, username: string): Promise<ForgotPasswordResponse> {
  return client.call(() => loadEntryCalls().then((m) => m.forgotPassword), { body: { username } });
}

export function useForgotPassword() {
  const client = useApiClient();
  return useMutation({ mutationFn: (username: string) => forgotPassword(client, username) });
}
