import { NavLink, Outlet } from 'react-router';
import { Anchor, Grid, Stack } from '@mantine/core';
import { webRoutes } from '@dermis/contract';
import { t, type MessageKey } from '../../lib/i18n';

const accountLinks: Array<{ to: string; label: MessageKey }> = [
  { to: webRoutes.accountSettings, label: 'page.accountSettings' },
  { to: webRoutes.activityLog, label: 'page.activityLog' },
  { to: webRoutes.connectedApps, label: 'page.connectedApps' },
  { to: webRoutes.responsiblePersons, label: 'page.responsiblePersons' },
];

/** Spec 000 §2 "Account area": a left menu beside the chosen account page. */
export function AccountLayout() {
  return (
    <Grid gap="xl">
      <Grid.Col span={{ base: 12, sm: 3 }}>
        <nav aria-label={t('account.menu')}>
          <Stack gap="xs">
            {accountLinks.map((link) => (
              <Anchor key={link.to} component={NavLink} to={link.to} className="nav-link">
                {t(link.label)}
              </Anchor>
            ))}
          </Stack>
        </nav>
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 9 }}>
        <Outlet />
      </Grid.Col>
    </Grid>
  );
}
