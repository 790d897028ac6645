import { useMutation } from '@tanstack/react-query';
import { twoStepCalls } from '@dermis/contract';
import { useApiClient, type HttpClient } from '../../../lib/api';

/** POST {servers.app}/mfa/userProfiles/resendOtpCode: a new e-mail code. */
export function resendCode(client: HttpClient, id: number) {
  return client.call(twoStepCalls.resend, { body: { id } });
}

export function useResendCode() {
  const client = useApiClient();
  return useMutation({ mutationFn: (id: number) => resendCode(client, id) });
}
