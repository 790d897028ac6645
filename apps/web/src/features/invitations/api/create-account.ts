import { useMutation } from '@tanstack/react-query';
import { invitationsCalls, type CreateAccountRequest, type CreateAccountResponse } from '@dermis/contract';
import { useApiClient, type HttpClient } from '../../../lib/api';

/** POST patient/createAccount: public; the token is the secret from the e-mailed link. */
export function createAccount(
  client: HttpClient,
  input: CreateAccountRequest,
): Promise<CreateAccountResponse> {
  return client.call(invitationsCalls.createAccount, { body: input });
}

export function useCreateAccount() {
  const client = useApiClient();
  return useMutation({ mutationFn: (input: CreateAccountRequest) => createAccount(client, input) });
}
