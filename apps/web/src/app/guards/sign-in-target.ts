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
 * home. Never back to /logout or /login, and never off this site.
 */
export function signInTarget(
  from: LoginFrom | undefined,
  user: Pick<UserProfile, 'dermisFirstTimeSetupComplete'>,
): string {
  if (!user.dermisFirstTimeSetupComplete) return webRoutes.firstTimeLogin;
  if (!from || !ownPath.test(from.pathname)) return webRoutes.home;
  if (from.pathname === webRoutes.logout || from.pathname === webRoutes.login) return webRoutes.home;
  return from.pathname + from.search + from.hash;
}
