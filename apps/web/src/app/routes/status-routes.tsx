import { Link } from 'react-router';
import { Anchor, Text } from '@mantine/core';
import { webRoutes } from '@dermis/contract';
import { Page } from '../../components/page';
import { t } from '../../lib/i18n';
import { isSignedIn, useSession } from '../../lib/session';

/** The way back from a status page: a signed-in patient's home, or sign-in for anyone else. */
function WayBack() {
  const signedIn = isSignedIn(useSession());
  return (
    <Anchor component={Link} to={signedIn ? webRoutes.home : webRoutes.login}>
      {signedIn ? t('status.backHome') : t('notFound.link')}
    </Anchor>
  );
}

export function ForbiddenRoute() {
  return (
    <Page title={t('page.forbidden')} heading={t('forbidden.title')}>
      <Text>{t('forbidden.text')}</Text>
      <WayBack />
    </Page>
  );
}

export function NotFoundRoute() {
  return (
    <Page title={t('page.notFound')} heading={t('notFound.title')}>
      <WayBack />
    </Page>
  );
}

/** /account/create without an invitation token (spec 000 §2). */
export function NoSuchPageRoute() {
  return <Page title={t('page.noSuchPage')} heading={t('noSuchPage.title')} />;
}

/** Shown by the router when a route module throws, instead of a blank page. */
export function RouteErrorRoute() {
  return (
    <Page title={t('page.notFound')} heading={t('error.generic')}>
      <Anchor component={Link} to={webRoutes.home}>
        {t('footer.home')}
      </Anchor>
    </Page>
  );
}
