import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../lib/api';
import { useSessionStore } from '../../lib/session';
import type { PasswordCredentials } from './api/login';
import { userByUsernameQuery } from './api/get-user-by-username';
import { codeSignIn, signIn } from './sign-in';

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

/** The second step of a two-step sign-in; the modals of features/two-step call it through the route. */
export function useCodeSignIn() {
  const client = useApiClient();
  const store = useSessionStore();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: { mfaProfileId: number; otpCode: string }) => codeSignIn(client, store, code),
    onSuccess: (result) => {
      if (result.kind === 'signedIn') {
        queryClient.setQueryData(userByUsernameQuery(client, result.user.username).queryKey, result.user);
      }
    },
  });
}
