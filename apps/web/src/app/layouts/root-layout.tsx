import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { Container } from '@mantine/core';
import { HeaderNavigationContext, SkipLink, mainContentId, siteHeaderId } from '../../components/skip-link';
import { SiteFooter } from '../../features/navigation/components/site-footer';
import { useBrandColorVariable, usePracticeBranding } from '../../lib/branding/practice-branding';
import { isSignedIn, useSession } from '../../lib/session';
import { PublicHeader } from './public-header';

// The signed-in navigation (menus, acting-for banner) is its own chunk: /login never downloads it.
const SignedInHeader = lazy(() => import('./signed-in-header').then((m) => ({ default: m.SignedInHeader })));

/**
 * The brand colour, in a component of its own: the branding's arrival re-renders this alone, not the
 * layout and the whole page below it.
 */
function BrandColor() {
  useBrandColorVariable(usePracticeBranding());
  return null;
}

/** Every page: skip link, header (signed-in navigation or the public logo), main, footer. */
export function RootLayout() {
  const session = useSession();
  const signedIn = isSignedIn(session);
  return (
    <div className="app-shell">
      <BrandColor />
      <SkipLink />
      <header className="app-header" id={siteHeaderId}>
        {signedIn ? (
          <Suspense fallback={null}>
            <SignedInHeader user={session.user} />
          </Suspense>
        ) : (
          <PublicHeader />
        )}
      </header>
      <main id={mainContentId} tabIndex={-1} className="app-main">
        <Container size="lg" py="xl">
          <HeaderNavigationContext.Provider value={signedIn}>
            <Outlet />
          </HeaderNavigationContext.Provider>
        </Container>
      </main>
      <footer className="app-footer">
        <SiteFooter />
      </footer>
    </div>
  );
}
