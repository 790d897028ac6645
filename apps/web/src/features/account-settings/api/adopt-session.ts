import { useQueryClient } from '@tanstack/react-query';
import { patientCalls, type UserProfile } from '@dermis/contract';
import { useApiClient, type HttpClient } from '../../../lib/api';
import { useSessionStore } from '../../../lib/session';

/** POST patient/getByUsername: the signed-in user's profile, re-read after a credential change. */
export function getUserProfile(
  client: HttpClient,
  username: string,
  accessToken: string,
): Promise<UserProfile> {
  return client.call(patientCalls.getByUsername, { body: { username } }, { auth: { bearer: accessToken } });
}

/**
 * After a username or password change the server has revoked every refresh token and answered a new
 * pair: store it (the old one no longer refreshes), then re-read the user so the page shows the new
 * username or modification date.
 */
export function useAdoptSession() {
  const client = useApiClient();
  const store = useSessionStore();
  const queryClient = useQueryClient();
  return async (tokens: { accessToken: string; refreshToken: string }, username: string) => {
    // Read with the new token first, then store tokens and user together, so nothing renders with
    // the new username's tokens and the old username's profile (or the other way round).
    let profile: UserProfile | undefined;
    try {
      profile = await getUserProfile(client, username, tokens.accessToken);
    } finally {
      // Stored even when the re-read fails: the previous refresh token is already revoked.
      store.setTokens(tokens);
      if (profile) {
        // The signed-in layout keeps the user under this key (features/auth); seed it so it agrees.
        queryClient.setQueryData(['user-by-username', profile.username], profile);
        store.setUser(profile);
      }
    }
  };
}
