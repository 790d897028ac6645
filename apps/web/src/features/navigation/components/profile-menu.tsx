import { Link } from 'react-router';
import { Group, VisuallyHidden, Menu } from '@mantine/core';
import { webRoutes, type UserProfile } from '@dermis/contract';
import { GenderIcon } from '../../../components/icons/person-icons';
import { LanguageMenuItems } from '../../../components/language-menu-items';
import { t, type MessageKey } from '../../../lib/i18n';
import { NavMenu, type MenuControl } from './nav-menu';
import { UnreadBadge } from '../../../components/unread-badge';

interface ProfileMenuProps extends MenuControl {
  user: Pick<UserProfile, 'firstName' | 'gender'>;
  isDevelopment: boolean;
  /** Acting for another patient: only 'Return to your account' and Logout. */
  actingFor: boolean;
  /** Unread messages: a badge on the Messages entry and, so it shows while the menu is shut, on the button. */
  unreadMessages?: number;
}

type Entry = { to: string; label: MessageKey; testId?: string };

function entries(isDevelopment: boolean, actingFor: boolean): Entry[] {
  const logout: Entry = { to: webRoutes.logout, label: 'nav.logout', testId: 'logout-menu-item' };
  if (actingFor) return [{ to: webRoutes.myHealthProfile, label: 'nav.returnToAccount' }, logout];
  return [
    { to: webRoutes.account, label: 'nav.account' },
    { to: webRoutes.healthInformation, label: 'nav.healthInformation' },
    { to: webRoutes.messagesInbox, label: 'nav.messages' },
    { to: webRoutes.pharmacies, label: 'nav.pharmacies' },
    // Shortcuts into the set-up flows for whoever is building them; never shown in production.
    ...(isDevelopment
      ? [
          { to: webRoutes.firstTimeLogin, label: 'nav.firstTimeLogin' } as const,
          { to: webRoutes.screening, label: 'nav.screening' } as const,
        ]
      : []),
    logout,
  ];
}

export function ProfileMenu({
  user,
  isDevelopment,
  actingFor,
  unreadMessages = 0,
  ...control
}: ProfileMenuProps) {
  return (
    <NavMenu
      {...control}
      name="profile"
      testId="profile-menu-button"
      label={
        <Group gap={6} wrap="nowrap" component="span">
          <GenderIcon gender={user.gender} />
          {user.firstName}
          <UnreadBadge count={unreadMessages} testId="profile-unread-badge" />
          {/* Named by what it shows, then what it is: no aria-label that could differ from the
              visible name (WCAG 2.5.3, label in name). */}
          <VisuallyHidden>{t('nav.profileMenu')}</VisuallyHidden>
        </Group>
      }
    >
      {entries(isDevelopment, actingFor).map((entry) => [
        entry.label === 'nav.logout' ? <LanguageMenuItems key="language" /> : null,
        <Menu.Item key={entry.to} component={Link} to={entry.to} data-testid={entry.testId}>
          {t(entry.label)}
          {entry.label === 'nav.messages' && <UnreadBadge count={unreadMessages} />}
        </Menu.Item>,
      ])}
    </NavMenu>
  );
}
