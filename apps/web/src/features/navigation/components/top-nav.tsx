import { useState } from 'react';
import { Link, NavLink } from 'react-router';
import { Anchor, Group } from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
import { webRoutes, type UserProfile } from '@dermis/contract';
import { Logo } from '../../../components/logo';
import { t, type MessageKey } from '../../../lib/i18n';
import type { MenuName } from './nav-menu';
import { NotificationsMenu, type AppointmentNotice } from './notifications-menu';
import { ProfileMenu } from './profile-menu';
import { ResponsibleMenu } from './responsible-menu';

export interface TopNavProps {
  user: UserProfile;
  isDevelopment: boolean;
  notices: readonly AppointmentNotice[];
  /** The patient the user acts for (from the URL), or null on the user's own pages. */
  actingPatientId: number | null;
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
    { to: `/${actingPatientId}/messages/inbox`, label: 'nav.messages' },
  ];
}

/** Spec 000 §2 "Top navigation (signed in)", in its own and its acting-for variant. */
export function TopNav({ user, isDevelopment, notices, actingPatientId }: TopNavProps) {
  const [openMenu, setOpenMenu] = useState<MenuName | null>(null);
  const control = { openMenu, setOpenMenu };
  // Mantine closes on Escape only while focus is inside the dropdown; after a mouse click focus stays
  // on the button (and an empty list has nothing focusable), so Escape is handled here as well.
  useWindowEvent('keydown', (event) => {
    if (event.key === 'Escape' && openMenu !== null) setOpenMenu(() => null);
  });
  const actingFor = actingPatientId !== null;

  return (
    <Group justify="space-between" wrap="wrap" gap="md" py="sm">
      <Anchor
        component={Link}
        to={webRoutes.myHealthProfile}
        aria-label={t('app.logoLabel')}
        underline="never"
      >
        <Logo />
      </Anchor>
      <nav aria-label={t('nav.mainMenu')}>
        <Group gap="lg" wrap="wrap">
          {links(actingPatientId).map((link) => (
            <Anchor key={link.to} component={NavLink} to={link.to} className="nav-link" end>
              {t(link.label)}
            </Anchor>
          ))}
          {!actingFor && <NotificationsMenu {...control} notices={notices} />}
          {!actingFor && <ResponsibleMenu {...control} patients={user.responsibleForPatients} />}
          <ProfileMenu {...control} user={user} isDevelopment={isDevelopment} actingFor={actingFor} />
        </Group>
      </nav>
    </Group>
  );
}
