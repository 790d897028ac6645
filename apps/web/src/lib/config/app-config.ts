import { queryOptions, useQuery } from '@tanstack/react-query';
import { publicConfigResponse, systemRoutes, type PublicConfigResponse } from '@dermis/contract';
import { useApiClient, type HttpClient } from '../api';

/** GET /api/config: which environment this is (development-only menu items) and the app version. */
export function appConfigQuery(client: HttpClient) {
  return queryOptions({
    queryKey: ['app-config'],
    queryFn: () => client.request(systemRoutes.config, { schema: publicConfigResponse, auth: 'none' }),
    staleTime: Infinity,
  });
}

/** Undefined while loading or when the call fails: callers then treat the environment as production. */
export function useAppConfig(): PublicConfigResponse | undefined {
  const client = useApiClient();
  return useQuery(appConfigQuery(client)).data;
}
