import { useMutation } from '@tanstack/react-query';
import {
  accountSettingsCalls,
  type ChangePasswordRequest,
  type ChangePasswordResponse,
} from '@dermis/contract';
import { useApiClient, type HttpClient } from '../../../lib/api';
import { useAdoptSession } from './adopt-session';

/** POST profile/changePassword; every other session is revoked and this one gets fresh tokens. */
export function changePassword(
  client: HttpClient,
  input: ChangePasswordRequest,
): Promise<ChangePasswordResponse> {
  return client.call(accountSettingsCalls.changePassword, { body: input });
}

export function useChangePassword() {
  const client = useApiClient();
  const adopt = useAdoptSession();
  return useMutation({
    mutationFn: async (input: ChangePasswordRequest) => {
      const answer = await changePassword(client, input);
      await adopt(answer, input.username);
      return answer;
    },
  });
}
