import { useMutation } from '@tanstack/react-query';
import { accountRoutes, forgotPasswordResponse, type ForgotPasswordResponse } from '@dermis/contract';
import { useApiClient, type HttpClient } from '../../../lib/api';

/** POST patient/forgotPassword: public, so sent without a token. */
export function forgotPassword(client: HttpClient, username: string): Promise<ForgotPasswordResponse> {
  return client.request(client.appUrl(accountRoutes.forgotPassword), {
    method: 'POST',
    auth: 'none',
    body: { username },
    schema: forgotPasswordResponse,
  });
}

export function useForgotPassword() {
  const client = useApiClient();
  return useMutation({ mutationFn: (username: string) => forgotPassword(client, username) });
}
