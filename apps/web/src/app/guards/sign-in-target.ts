import { webRoutes, type UserProfile } from '@dermis/contract';
import type { LoginFrom } from '../../lib/navigation/login-state';

/**
 * Where a signed-in user goes from /login: first-time setup while it is unfinished (it is mandatory),
 * else back to the page a guard turned away, else home. Never back to /logout or /login.
 */
export function signInTarget(
  from: LoginFrom | undefined,
  user: Pick<UserProfile, 'dermisFirstTimeSetupComplete'>,
): string {
  if (!user.dermisFirstTimeSetupComplete) return webRoutes.firstTimeLogin;
  if (!from || from.pathname === webRoutes.logout || from.pathname === webRoutes.login) return webRoutes.home;
  return from.pathname + from.search + from.hash;
}
