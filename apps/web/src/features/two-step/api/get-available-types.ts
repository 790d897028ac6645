import { queryOptions, useQuery } from '@tanstack/react-query';
import { twoStepCalls, type AvailableTypesResponse } from '@dermis/contract';
import { useApiClient, type HttpClient } from '../../../lib/api';

/** GET {servers.app}/practice/available2FATypes. */
export function getAvailableTypes(client: HttpClient): Promise<AvailableTypesResponse> {
  return client.call(twoStepCalls.availableTypes);
}

export function useAvailableTypes() {
  const client = useApiClient();
  return useQuery(
    queryOptions({
      queryKey: ['two-step', 'types'],
      queryFn: () => getAvailableTypes(client),
      staleTime: Infinity,
    }),
  );
}
