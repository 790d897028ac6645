import { queryOptions, useQuery } from '@tanstack/react-query';
import { systemRoutes, type PublicConfigResponse } from '@dermis/contract';
import { useApiClient, type HttpClient } from '../api';
import { readPublicConfig } from '../api/public-answers';

/** GET /api/config: which environment this is (development-only menu items) and the app version. */
export function appConfigQuery(client: HttpClient) {
  return queryOptions({
    queryKey: ['app-config'],
    queryFn: () => client.request(systemRoutes.config, { check: readPublicConfig, auth: 'none' }),
    staleTime: Infinity,
  });
}

/** Undefined while loading or when the call fails: callers then treat the environment as production. */
export function useAppConfig(): PublicConfigResponse | undefined {
  const client = useApiClient();
  return useQuery(appConfigQuery(client)).data;
}
