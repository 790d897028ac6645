import { useEffect, useRef, useState } from 'react';
import { Navigate } from 'react-router';
import { Loader } from '@mantine/core';
import { webRoutes } from '@dermis/contract';
import { Page } from '../../components/page';
import { t } from '../../lib/i18n';
import { useSignOut } from '../../lib/session';

/** How long /logout waits for the server to revoke the refresh token before moving on anyway. */
const revokeWaitMs = 3000;

export function LogoutRoute() {
  const signOut = useSignOut();
  const [done, setDone] = useState(false);
  // One sign-out per visit: StrictMode runs effects twice, and the second run must wait for the
  // first revocation rather than find an already empty session and leave at once.
  const pending = useRef<Promise<unknown> | null>(null);

  useEffect(() => {
    let active = true;
    pending.current ??= Promise.race([
      signOut(),
      new Promise((resolve) => setTimeout(resolve, revokeWaitMs)),
    ]);
    void pending.current.then(() => {
      if (active) setDone(true);
    });
    return () => {
      active = false;
    };
  }, [signOut]);

  if (done) return <Navigate to={webRoutes.login} replace />;
  return (
    <Page title={t('page.signingOut')} heading={t('page.signingOut')}>
      <Loader role="status" aria-label={t('app.loading')} />
    </Page>
  );
}
