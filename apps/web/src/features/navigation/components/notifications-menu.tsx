import { Link } from 'react-router';
import { Badge, Group, Menu } from '@mantine/core';
import { webRoutes } from '@dermis/contract';
import { t, tPlural } from '../../../lib/i18n';
import { NavMenu, type MenuControl } from './nav-menu';

/** An unfinished appointment to prepare for (the app layer maps the unfinished visits to these). */
export interface AppointmentNotice {
  id: number;
  providerFirstName: string;
  providerLastName: string;
}

export function NotificationsMenu({
  notices,
  ...control
}: MenuControl & { notices: readonly AppointmentNotice[] }) {
  return (
    <NavMenu
      {...control}
      name="notifications"
      testId="notifications-menu-button"
      // The button is named as a whole ('Notifications 2 new'). Built from its parts (the text, then
      // a visually hidden suffix), Chromium joins the flex items with a space: 'Notifications , 2 new'.
      // The name starts with what the button shows, text then badge (label in name, WCAG 2.5.3).
      ariaLabel={notices.length > 0 ? tPlural('nav.notificationsWithCount', notices.length) : undefined}
      label={
        <Group gap={6} wrap="nowrap" component="span">
          {t('nav.notifications')}
          {/* A real space: the visible text reads 'Notifications 2', as the name begins (a flex gap
              is no space to a label-in-name check). */}{' '}
          {/* No badge at 0; the badge is for the eye, the count is in the name. */}
          {notices.length > 0 ? (
            <Badge component="span" size="sm" circle color="red.9" aria-hidden="true">
              {notices.length}
            </Badge>
          ) : null}
        </Group>
      }
    >
      {notices.length === 0 ? (
        // A menu needs at least one menuitem; a disabled one keeps the notice readable and announced.
        <Menu.Item disabled className="nav-menu-empty">
          {t('nav.noNotifications')}
        </Menu.Item>
      ) : (
        notices.map((notice) => (
          <Menu.Item key={notice.id} component={Link} to={`${webRoutes.screening}/${notice.id}/basic-info`}>
            {t('nav.notificationEntry', {
              provider: `${notice.providerFirstName} ${notice.providerLastName}`.trim(),
            })}
          </Menu.Item>
        ))
      )}
    </NavMenu>
  );
}
