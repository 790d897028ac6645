import { useMutation } from '@tanstack/react-query';
import { twoStepCalls, type AddProfileResponse, type TwoFactorType } from '@dermis/contract';
import { useApiClient, type HttpClient } from '../../../lib/api';

export interface NewProfile {
  type: TwoFactorType;
  value?: string;
  userId: number;
  preferred: boolean;
}

/** POST {servers.app}/mfa/userProfiles/add: an unverified profile (and the QR code of an authenticator). */
export function addProfile(client: HttpClient, profile: NewProfile): Promise<AddProfileResponse> {
  return client.call(twoStepCalls.add, { body: profile });
}

export function useAddProfile() {
  const client = useApiClient();
  return useMutation({ mutationFn: (profile: NewProfile) => addProfile(client, profile) });
}
