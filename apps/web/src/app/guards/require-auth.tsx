import { Navigate, Outlet, useLocation } from 'react-router';
import { webRoutes } from '@dermis/contract';
import type { LoginState } from '../../lib/navigation/login-state';
import { t, useAllTexts } from '../../lib/i18n';
import { isSignedIn, useSession } from '../../lib/session';

/**
 * Guards every authenticated route. Also the way out when a session ends underneath a page (failed
 * refresh, sign-out in the store): the user lands on /login, which remembers where they were.
 */
export function RequireAuth() {
  const session = useSession();
  const location = useLocation();
  const textsReady = useAllTexts(isSignedIn(session));
  if (!isSignedIn(session)) {
    const state: LoginState = {
      from: { pathname: location.pathname, search: location.search, hash: location.hash },
      // A failed refresh signed the user out: say why instead of a bare sign-in form.
      ...(session.expired ? { warnings: [t('session.expiredNotice')] } : {}),
    };
    return <Navigate to={webRoutes.login} replace state={state} />;
  }
  // The signed-in areas' texts arrive in their own chunk (decision 049); a blink of nothing, once.
  if (!textsReady) return null;
  return <Outlet />;
}
