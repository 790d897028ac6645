import { useMutation } from '@tanstack/react-query';
import {
  accountTokenRoutes,
  createAccountResponse,
  type CreateAccountRequest,
  type CreateAccountResponse,
} from '@dermis/contract';
import { useApiClient, type HttpClient } from '../../../lib/api';

/** POST patient/createAccount: public; the token is the secret from the e-mailed link. */
export function createAccount(
  client: HttpClient,
  input: CreateAccountRequest,
): Promise<CreateAccountResponse> {
  return client.request(client.appUrl(accountTokenRoutes.createAccount), {
    method: 'POST',
    auth: 'none',
    body: input,
    schema: createAccountResponse,
  });
}

export function useCreateAccount() {
  const client = useApiClient();
  return useMutation({ mutationFn: (input: CreateAccountRequest) => createAccount(client, input) });
}
