import { useMutation } from '@tanstack/react-query';
import { accountTokenRoutes, unsubscribeResponse } from '@dermis/contract';
import { useApiClient, type HttpClient } from '../../../lib/api';

export interface UnsubscribeParams {
  pid: string;
  uid: string;
  type: string;
  token: string;
}

/** POST patient/unsubscribe?pid&uid&type&token: public; the signed link is the credential. */
export function unsubscribe(client: HttpClient, params: UnsubscribeParams) {
  const query = new URLSearchParams({ ...params }).toString();
  return client.request(`${client.appUrl(accountTokenRoutes.unsubscribe)}?${query}`, {
    method: 'POST',
    auth: 'none',
    schema: unsubscribeResponse,
  });
}

export function useUnsubscribe() {
  const client = useApiClient();
  return useMutation({ mutationFn: (params: UnsubscribeParams) => unsubscribe(client, params) });
}
