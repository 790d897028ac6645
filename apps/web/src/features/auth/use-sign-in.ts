import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../lib/api';
import { useSessionStore } from '../../lib/session';
import type { PasswordCredentials } from './api/login';
import { userByUsernameQuery } from './api/get-user-by-username';
import { signIn } from './sign-in';

export function useSignIn() {
  const client = useApiClient();
  const store = useSessionStore();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (credentials: PasswordCredentials) => {
      // Nothing cached for a previous user may survive into the next session.
      queryClient.removeQueries();
      return signIn(client, store, credentials);
    },
    onSuccess: (result) => {
      if (result.kind === 'signedIn') {
        queryClient.setQueryData(userByUsernameQuery(client, result.user.username).queryKey, result.user);
      }
    },
  });
}
