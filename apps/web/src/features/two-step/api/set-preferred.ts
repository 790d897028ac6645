import { useMutation, useQueryClient } from '@tanstack/react-query';
import { twoStepOkResponse, twoStepRoutes } from '@dermis/contract';
import { useApiClient, type HttpClient } from '../../../lib/api';
import { profilesQueryKey } from './get-profiles';

/** POST {servers.app}/mfa/userProfiles/setPreferred. */
export function setPreferred(client: HttpClient, id: number) {
  return client.request(client.appUrl(twoStepRoutes.setPreferred), {
    method: 'POST',
    body: { id, preferred: true },
    schema: twoStepOkResponse,
  });
}

export function useSetPreferred() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => setPreferred(client, id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: profilesQueryKey }),
  });
}
