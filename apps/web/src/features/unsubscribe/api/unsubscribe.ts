import { useMutation } from '@tanstack/react-query';
import { invitationsCalls } from '@dermis/contract';
import { useApiClient, type HttpClient } from '../../../lib/api';

export interface UnsubscribeParams {
  pid: string;
  uid: string;
  type: string;
  token: string;
}

/** POST patient/unsubscribe?pid&uid&type&token: public; the signed link is the credential. */
export function unsubscribe(client: HttpClient, params: UnsubscribeParams) {
  return client.call(invitationsCalls.unsubscribe, { query: params });
}

export function useUnsubscribe() {
  const client = useApiClient();
  return useMutation({ mutationFn: (params: UnsubscribeParams) => unsubscribe(client, params) });
}
