import { Link } from 'react-router';
import { Anchor, Text } from '@mantine/core';
import { webRoutes } from '@dermis/contract';
import { Page } from '../../components/page';
import { t } from '../../lib/i18n';

export function ForbiddenRoute() {
  return (
    <Page title={t('page.forbidden')} heading={t('forbidden.title')}>
      <Text>{t('forbidden.text')}</Text>
    </Page>
  );
}

export function NotFoundRoute() {
  return (
    <Page title={t('page.notFound')} heading={t('notFound.title')}>
      <Anchor component={Link} to={webRoutes.login}>
        {t('notFound.link')}
      </Anchor>
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
