import { useMutation, useQuery } from '@tanstack/react-query';
import {
  healthAppsCalls,
  type ApproveHealthAppRequest,
  type DenyHealthAppRequest,
  type HealthAppRedirectResponse,
} from '@dermis/contract';
import { useApiClient } from '../../../lib/api';

/** GET healthApps/authorization/{uid}: what the app asks for and whose record it may read. */
export function useHealthAppAuthorization(uid: string) {
  const client = useApiClient();
  return useQuery({
    queryKey: ['health-app-authorization', uid],
    // An unknown or expired request stays so; asking again only delays the message.
    retry: false,
    // The answer is the authorization server's live state: never reuse it for a later visit.
    gcTime: 0,
    queryFn: () => client.call(healthAppsCalls.getAuthorization, { params: { uid } }),
  });
}

/** POST healthApps/authorization/approve: the browser then goes back to the authorization server. */
export function useApproveHealthApp() {
  const client = useApiClient();
  return useMutation({
    mutationFn: (input: ApproveHealthAppRequest): Promise<HealthAppRedirectResponse> =>
      client.call(healthAppsCalls.approve, { body: input }),
  });
}

/** POST healthApps/authorization/deny: the app is told the patient said no. */
export function useDenyHealthApp() {
  const client = useApiClient();
  return useMutation({
    mutationFn: (input: DenyHealthAppRequest): Promise<HealthAppRedirectResponse> =>
      client.call(healthAppsCalls.deny, { body: input }),
  });
}
