import { useMutation } from '@tanstack/react-query';
import {
  accountSettingsCalls,
  type ChangeUsernameRequest,
  type ChangeUsernameResponse,
} from '@dermis/contract';
import { useApiClient, type HttpClient } from '../../../lib/api';
import { useAdoptSession } from './adopt-session';

/** POST profile/changeUsername; the answer carries a fresh session because the username is a token claim. */
export function changeUsername(
  client: HttpClient,
  input: ChangeUsernameRequest,
): Promise<ChangeUsernameResponse> {
  return client.call(accountSettingsCalls.changeUsername, { body: input });
}

export function useChangeUsername() {
  const client = useApiClient();
  const adopt = useAdoptSession();
  return useMutation({
    mutationFn: async (input: ChangeUsernameRequest) => {
      const answer = await changeUsername(client, input);
      await adopt(answer, answer.username);
      return answer;
    },
  });
}
