import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { healthAppsCalls, type DisconnectHealthAppRequest } from '@dermis/contract';
import { useApiClient, type HttpClient } from '../../../lib/api';

export function connectedAppsQuery(client: HttpClient, patientId: number) {
  return queryOptions({
    queryKey: ['connected-health-apps', patientId],
    queryFn: () => client.call(healthAppsCalls.listConnected, { params: { id: String(patientId) } }),
  });
}

/** GET healthApps/connected/_rid/{id}: the apps connected to the record being viewed. */
export function useConnectedApps(patientId: number) {
  return useQuery(connectedAppsQuery(useApiClient(), patientId));
}

/** POST healthApps/disconnect: the app's tokens stop at once; the list is read again. */
export function useDisconnectHealthApp(patientId: number) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DisconnectHealthAppRequest) =>
      client.call(healthAppsCalls.disconnect, { body: input }),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: connectedAppsQuery(client, patientId).queryKey }),
  });
}
