import { useMutation, useQueryClient } from '@tanstack/react-query';
import { twoStepCalls } from '@dermis/contract';
import { useApiClient, type HttpClient } from '../../../lib/api';
import { profilesQueryKey } from './get-profiles';

/** POST {servers.app}/mfa/userProfiles/verify: the first code verifies a new profile. */
export function verifyProfile(client: HttpClient, id: number, code: string) {
  return client.call(twoStepCalls.verify, { body: { id, code } });
}

export function useVerifyProfile() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, code }: { id: number; code: string }) => verifyProfile(client, id, code),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profilesQueryKey }),
  });
}
