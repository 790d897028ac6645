import { useCallback, useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { Anchor, Box, Burger, Drawer, Group, Stack } from '@mantine/core';
import { useDisclosure, useWindowEvent } from '@mantine/hooks';
import { webRoutes, type UserProfile } from '@dermis/contract';
import { PracticeLogo } from '../../../components/practice-logo';
import { navigationTarget } from '../../../components/skip-link';
import { usePracticeBranding } from '../../../lib/branding/practice-branding';
import { t, type MessageKey } from '../../../lib/i18n';
import type { MenuName } from './nav-menu';
import { NotificationsMenu, type AppointmentNotice } from './notifications-menu';
import { ProfileMenu } from './profile-menu';
import { UnreadBadge } from '../../../components/unread-badge';
import { ResponsibleMenu } from './responsible-menu';

export interface TopNavProps {
  user: UserProfile;
  isDevelopment: boolean;
  notices: readonly AppointmentNotice[];
  /** The patient the user acts for (from the URL), or null on the user's own pages. */
  actingPatientId: number | null;
  /** Unread messages of the viewed patient (spec 002 §2): a badge on the Messages link. */
  unreadMessages?: number;
}

function links(actingPatientId: number | null): Array<{ to: string; label: MessageKey }> {
  if (actingPatientId === null) {
    return [
      { to: webRoutes.myHealthProfile, label: 'nav.myHealthProfile' },
      { to: webRoutes.appointments, label: 'nav.appointments' },
    ];
  }
  return [
    { to: `/${actingPatientId}/activity-log`, label: 'nav.activityLog' },
    { to: `/${actingPatientId}/health-information`, label: 'nav.healthInformation' },
    // Spec 002 §1: a responsible person sees appointments and signs consents for the patient (decision 104).
    { to: `/${actingPatientId}/appointments`, label: 'nav.appointments' },
    { to: `/${actingPatientId}/messages/inbox`, label: 'nav.messages' },
  ];
}

/**
 * Spec 000 §2 "Top navigation (signed in)", in its own and its acting-for variant. From tablet width
 * down (< 992 px, Mantine's md) the links and menus move into a drawer behind a menu button: Mantine's
 * Drawer traps focus, closes on Escape and returns focus to the button.
 */
export function TopNav({ user, isDevelopment, notices, actingPatientId, unreadMessages = 0 }: TopNavProps) {
  const [openMenu, setOpenMenu] = useState<MenuName | null>(null);
  // The drawer's copy of the menus keeps its own open menu: sharing one opened the hidden wide-screen
  // copy too, whose click-outside then shut the drawer's menu on the press of 'View as'.
  const [openDrawerMenu, setOpenDrawerMenu] = useState<MenuName | null>(null);
  // A menu left open in the drawer is shut with it, so the drawer opens again with its menus shut.
  const shutDrawerMenu = useCallback(() => setOpenDrawerMenu(null), []);
  const [drawerOpened, drawer] = useDisclosure(false, { onClose: shutDrawerMenu });
  const branding = usePracticeBranding();
  // Mantine closes on Escape only while focus is inside the dropdown; after a mouse click focus stays
  // on the button (and an empty list has nothing focusable), so Escape is handled here as well.
  useWindowEvent('keydown', (event) => {
    if (event.key === 'Escape' && openMenu !== null) setOpenMenu(() => null);
  });
  const actingFor = actingPatientId !== null;
  // Every navigation closes the drawer: its links, the menus' entries inside it (View as, Return to
  // your account, a notification) and any other route change while it is open.
  const location = useLocation();
  const closeDrawer = drawer.close;
  useEffect(() => closeDrawer(), [location.key, closeDrawer]);

  const items = (inDrawer: boolean) => {
    const control = inDrawer
      ? { openMenu: openDrawerMenu, setOpenMenu: setOpenDrawerMenu }
      : { openMenu, setOpenMenu };
    return (
      <>
        {links(actingPatientId).map((link, index) => (
          <Anchor
            key={link.to}
            component={NavLink}
            to={link.to}
            className="nav-link"
            end
            // The drawer opens at its first link (also from 'Skip to navigation'), as the wide
            // screen's skip lands on the navigation's first link.
            data-autofocus={inDrawer && index === 0 ? true : undefined}
          >
            {t(link.label)}
            {link.label === 'nav.messages' && <UnreadBadge count={unreadMessages} />}
          </Anchor>
        ))}
        {!actingFor && <NotificationsMenu {...control} notices={notices} />}
        {!actingFor && <ResponsibleMenu {...control} patients={user.responsibleForPatients} />}
        <ProfileMenu
          {...control}
          user={user}
          isDevelopment={isDevelopment}
          actingFor={actingFor}
          unreadMessages={unreadMessages}
        />
      </>
    );
  };

  return (
    <Group justify="space-between" wrap="nowrap" gap="md" py="sm">
      <Anchor
        component={Link}
        to={webRoutes.myHealthProfile}
        // The name says where the link goes and starts with the name the logo shows (WCAG 2.5.3).
        aria-label={t('app.logoLabel', { name: branding?.name ?? t('app.name') })}
        underline="never"
      >
        <PracticeLogo branding={branding} />
      </Anchor>
      <Box component="nav" aria-label={t('nav.mainMenu')} visibleFrom="md" {...navigationTarget}>
        <Group gap="lg" wrap="wrap">
          {items(false)}
        </Group>
      </Box>
      <Burger
        hiddenFrom="md"
        opened={drawerOpened}
        onClick={drawer.toggle}
        aria-label={t('nav.openMenu')}
        aria-expanded={drawerOpened}
        data-testid="nav-menu-toggle"
        {...navigationTarget}
      />
      <Drawer
        opened={drawerOpened}
        onClose={drawer.close}
        position="right"
        size="xs"
        hiddenFrom="md"
        title={t('nav.menuTitle')}
        closeButtonProps={{ 'aria-label': t('nav.closeMenu') }}
      >
        <nav aria-label={t('nav.mainMenu')} className="drawer-navigation">
          <Stack gap="xs" align="flex-start">
            {items(true)}
          </Stack>
        </nav>
      </Drawer>
    </Group>
  );
}
