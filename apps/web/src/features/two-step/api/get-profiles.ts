import { queryOptions, useQuery } from '@tanstack/react-query';
import { twoStepCalls, type TwoStepProfilesResponse } from '@dermis/contract';
import { useApiClient, type HttpClient } from '../../../lib/api';

/** GET {servers.app}/mfa/userProfiles/patient/getAll: the caller's verified profiles. */
export function getProfiles(client: HttpClient): Promise<TwoStepProfilesResponse> {
  return client.call(twoStepCalls.getAll);
}

export const profilesQueryKey = ['two-step', 'profiles'] as const;

export function profilesQuery(client: HttpClient) {
  return queryOptions({ queryKey: profilesQueryKey, queryFn: () => getProfiles(client) });
}

export function useTwoStepProfiles() {
  return useQuery(profilesQuery(useApiClient()));
}
