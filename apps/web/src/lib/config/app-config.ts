import type { PublicConfigResponse } from '@dermis/contract';
import { publicConfig } from 'virtual:compiled-validators';
import { useApiClient, type HttpClient } from '../api';
import { usePublicResource } from '../api/public-resource';

/** GET /api/config: which environment this is (development-only menu items) and the app version. */
export function fetchAppConfig(client: HttpClient): Promise<PublicConfigResponse> {
  // Checked by the validator compiled from the contract at build time: /login carries no zod (decision 200).
  return client.request(publicConfig.path, {
    method: publicConfig.method,
    check: publicConfig.check,
    auth: 'none',
  });
}

/** Undefined while loading or when the call fails: callers then treat the environment as production. */
export function useAppConfig(): PublicConfigResponse | undefined {
  return usePublicResource(useApiClient(), 'app-config', fetchAppConfig);
}
