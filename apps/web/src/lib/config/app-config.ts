import { systemRoutes, type PublicConfigResponse } from '@dermis/contract';
import { useApiClient, type HttpClient } from '../api';
import { readPublicConfig } from '../api/public-answers';
import { usePublicResource } from '../api/public-resource';

/** GET /api/config: which environment this is (development-only menu items) and the app version. */
export function fetchAppConfig(client: HttpClient): Promise<PublicConfigResponse> {
  return client.request(systemRoutes.config, { check: readPublicConfig, auth: 'none' });
}

/** Undefined while loading or when the call fails: callers then treat the environment as production. */
export function useAppConfig(): PublicConfigResponse | undefined {
  return usePublicResource(useApiClient(), 'app-config', fetchAppConfig);
}
