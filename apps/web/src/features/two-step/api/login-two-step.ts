import { useMutation, useQuery } from '@tanstack/react-query';
import type { LoginAddProfileRequest } from '@dermis/contract';
import { useApiClient, type HttpClient } from '../../../lib/api';
import { loadEntryCalls } from '../../../lib/api/entry-call';

/** Login-time calls: authenticated with the temporary token of the sign-in, never refreshed. */
const withTemp = (tempToken: string) => ({ auth: { bearer: tempToken } });

export function getLoginProfiles(client: HttpClient, tempToken: string) {
  return client.call(
    () => loadEntryCalls().then((m) => m.twoStepLoginProfiles),
    undefined,
    withTemp(tempToken),
  );
}

export function useLoginProfiles(tempToken: string | undefined) {
  const client = useApiClient();
  return useQuery({
    queryKey: ['two-step', 'login-profiles', tempToken],
    queryFn: () => getLoginProfiles(client, tempToken ?? ''),
    enabled: Boolean(tempToken),
    retry: false,
  });
}

export function addLoginProfile(client: HttpClient, tempToken: string, profile: LoginAddProfileRequest) {
  return client.call(
    () => loadEntryCalls().then((m) => m.twoStepLoginAdd),
    { body: profile },
    withTemp(tempToken),
  );
}

export function verifyLoginProfile(client: HttpClient, tempToken: string, id: number, code: string) {
  return client.call(
    () => loadEntryCalls().then((m) => m.twoStepLoginVerify),
    { body: { id, code } },
    withTemp(tempToken),
  );
}

/** A new e-mail code: `resend` for the resend link, `send` when choosing e-mail in "Try another way". */
export function sendLoginEmailCode(
  client: HttpClient,
  tempToken: string,
  id: number,
  kind: 'send' | 'resend',
) {
  const load = () =>
    loadEntryCalls().then((m) => (kind === 'send' ? m.twoStepLoginSendEmail : m.twoStepLoginResendEmail));
  return client.call(load, { body: { id } }, withTemp(tempToken));
}

export function useLoginTwoStepCalls(tempToken: string) {
  const client = useApiClient();
  return {
    add: useMutation({
      mutationFn: (profile: LoginAddProfileRequest) => addLoginProfile(client, tempToken, profile),
    }),
    verify: useMutation({
      mutationFn: ({ id, code }: { id: number; code: string }) =>
        verifyLoginProfile(client, tempToken, id, code),
    }),
    sendEmail: useMutation({
      mutationFn: ({ id, kind }: { id: number; kind: 'send' | 'resend' }) =>
        sendLoginEmailCode(client, tempToken, id, kind),
    }),
  };
}
