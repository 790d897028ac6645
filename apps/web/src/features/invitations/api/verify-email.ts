import { useMutation } from '@tanstack/react-query';
import { invitationsCalls, type VerifyEmailResponse } from '@dermis/contract';
import { useApiClient, type HttpClient } from '../../../lib/api';

/** POST patient/verifyEmail: public; the token is the secret from the e-mailed link. */
export function verifyEmail(client: HttpClient, token: string): Promise<VerifyEmailResponse> {
  return client.call(invitationsCalls.verifyEmail, { body: { token } });
}

export function useVerifyEmail() {
  const client = useApiClient();
  return useMutation({ mutationFn: (token: string) => verifyEmail(client, token) });
}
