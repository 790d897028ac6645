import type { UserProfile } from '@dermis/contract';
import { createSessionStore } from '../session';
import { validToken } from './fake-jwt';
import { servers, userProfileFixture } from './fixtures';

/** A session in localStorage, signed in as `user` with tokens an hour from expiring. */
export function signedInSession(user: UserProfile = userProfileFixture()) {
  const session = createSessionStore(localStorage);
  session.setTokens({ accessToken: validToken(), refreshToken: validToken(), servers });
  session.setUser(user);
  return session;
}
