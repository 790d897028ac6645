import { webRoutes, type UserProfile } from '@dermis/contract';
import type { LoginFrom } from '../../lib/navigation/login-state';

/**
 * A path of this site: one leading slash. '//host/…' and '/\\host/…' would be read by the browser as
 * another origin, and anything else (a scheme, a bare word) is not a path at all.
 */
const ownPath = /^\/(?![/\\])/;

/**
 * Where a signed-in user goes from /login: first-time setup while it is unfinished (it is mandatory),
 * else back to the page a guard turned away (a health app's authorization request among them), else
 * home.
 */
export function signInTarget(
  from: LoginFrom | undefined,
  user: Pick<UserProfile, 'dermisFirstTimeSetupComplete'>,
): string {
  if (!user.dermisFirstTimeSetupComplete) return webRoutes.firstTimeLogin;
  return returnPath(from) ?? webRoutes.home;
}

/** The page a guard turned away, as a path to go back to; never /logout or /login, never off this site. */
export function returnPath(from: LoginFrom | undefined): string | null {
  if (!from || !ownPath.test(from.pathname)) return null;
  if (from.pathname === webRoutes.logout || from.pathname === webRoutes.login) return null;
  return from.pathname + from.search + from.hash;
}
