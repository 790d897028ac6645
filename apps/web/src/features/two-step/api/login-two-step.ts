import { useMutation, useQuery } from '@tanstack/react-query';
import {
  addProfileResponse,
  loginTwoStepProfilesResponse,
  twoStepLoginRoutes,
  twoStepOkResponse,
  verifyProfileResponse,
  type LoginAddProfileRequest,
} from '@dermis/contract';
import { useApiClient, type HttpClient } from '../../../lib/api';

/** Login-time calls: authenticated with the temporary token of the sign-in, never refreshed. */
const withTemp = (tempToken: string) => ({ auth: { bearer: tempToken } });

export function getLoginProfiles(client: HttpClient, tempToken: string) {
  return client.request(client.authUrl(twoStepLoginRoutes.getAll), {
    ...withTemp(tempToken),
    schema: loginTwoStepProfilesResponse,
  });
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
  return client.request(client.authUrl(twoStepLoginRoutes.add), {
    ...withTemp(tempToken),
    method: 'POST',
    body: profile,
    schema: addProfileResponse,
  });
}

export function verifyLoginProfile(client: HttpClient, tempToken: string, id: number, code: string) {
  return client.request(client.authUrl(twoStepLoginRoutes.verify), {
    ...withTemp(tempToken),
    method: 'POST',
    body: { id, code },
    schema: verifyProfileResponse,
  });
}

/** A new e-mail code: `resend` for the resend link, `send` when choosing e-mail in "Try another way". */
export function sendLoginEmailCode(
  client: HttpClient,
  tempToken: string,
  id: number,
  kind: 'send' | 'resend',
) {
  const path = kind === 'send' ? twoStepLoginRoutes.sendEmail : twoStepLoginRoutes.resendEmail;
  return client.request(client.authUrl(path), {
    ...withTemp(tempToken),
    method: 'POST',
    body: { id },
    schema: twoStepOkResponse,
  });
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
