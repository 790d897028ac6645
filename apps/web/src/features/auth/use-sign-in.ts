import { useCallback, useRef, useState } from 'react';
import { useApiClient, useQueryClientLoader } from '../../lib/api';
import { useSessionStore } from '../../lib/session';
import type { PasswordCredentials } from './api/login';
import { codeSignIn, signIn, type SignInResult } from './sign-in';

/** A running sign-in step: what the form and the two-step modals show while it runs and after. */
export interface SignInAction<V> {
  mutate: (variables: V) => void;
  mutateAsync: (variables: V) => Promise<SignInResult>;
  isPending: boolean;
  isError: boolean;
  error: unknown;
}

/**
 * Runs `run` as one action at a time, like a TanStack mutation; written out because /login does not
 * load TanStack Query (decision 049). A signed-in answer seeds the user into the query cache, as the
 * signed-in layout reads it from there.
 */
function useSignInAction<V>(run: (variables: V) => Promise<SignInResult>): SignInAction<V> {
  const queries = useQueryClientLoader();
  const [state, setState] = useState<{ status: 'idle' | 'pending' | 'error' | 'success'; error: unknown }>({
    status: 'idle',
    error: null,
  });
  const latest = useRef(0);

  const mutateAsync = useCallback(
    async (variables: V) => {
      const call = ++latest.current;
      setState({ status: 'pending', error: null });
      try {
        const result = await run(variables);
        if (result.kind === 'signedIn') {
          const queryClient = await queries.load();
          queryClient.setQueryData(['user-by-username', result.user.username], result.user);
        }
        if (call === latest.current) setState({ status: 'success', error: null });
        return result;
      } catch (error) {
        if (call === latest.current) setState({ status: 'error', error });
        throw error;
      }
    },
    [run, queries],
  );
  const mutate = useCallback(
    (variables: V) => void mutateAsync(variables).catch(() => undefined),
    [mutateAsync],
  );
  return {
    mutate,
    mutateAsync,
    isPending: state.status === 'pending',
    isError: state.status === 'error',
    error: state.error,
  };
}

export function useSignIn(): SignInAction<PasswordCredentials> {
  const client = useApiClient();
  const store = useSessionStore();
  const queries = useQueryClientLoader();
  const run = useCallback(
    (credentials: PasswordCredentials) => {
      // Nothing cached for a previous user may survive into the next session.
      queries.current()?.removeQueries();
      return signIn(client, store, credentials);
    },
    [client, store, queries],
  );
  return useSignInAction(run);
}

/** The second step of a two-step sign-in; the modals of features/two-step call it through the route. */
export function useCodeSignIn(): SignInAction<{ mfaProfileId: number; otpCode: string }> {
  const client = useApiClient();
  const store = useSessionStore();
  const run = useCallback(
    (code: { mfaProfileId: number; otpCode: string }) => codeSignIn(client, store, code),
    [client, store],
  );
  return useSignInAction(run);
}
