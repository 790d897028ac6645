import { useMutation, useQueryClient } from '@tanstack/react-query';
import { twoStepCalls } from '@dermis/contract';
import { useApiClient, type HttpClient } from '../../../lib/api';
import { profilesQueryKey } from './get-profiles';

/** POST {servers.app}/mfa/userProfiles/setPreferred. */
export function setPreferred(client: HttpClient, id: number) {
  return client.call(twoStepCalls.setPreferred, { body: { id, preferred: true } });
}

export function useSetPreferred() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => setPreferred(client, id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: profilesQueryKey }),
  });
}
