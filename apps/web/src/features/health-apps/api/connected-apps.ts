import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  appRoutes,
  connectedHealthAppsResponse,
  disconnectHealthAppResponse,
  routePath,
  type DisconnectHealthAppRequest,
} from '@dermis/contract';
import { useApiClient, type HttpClient } from '../../../lib/api';

export function connectedAppsQuery(client: HttpClient, patientId: number) {
  return queryOptions({
    queryKey: ['connected-health-apps', patientId],
    queryFn: () =>
      client.request(client.appUrl(routePath(appRoutes.connectedHealthApps, { id: patientId })), {
        schema: connectedHealthAppsResponse,
      }),
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
      client.request(client.appUrl(appRoutes.disconnectHealthApp), {
        method: 'POST',
        body: input,
        schema: disconnectHealthAppResponse,
      }),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: connectedAppsQuery(client, patientId).queryKey }),
  });
}
