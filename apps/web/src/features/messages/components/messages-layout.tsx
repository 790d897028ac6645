import type { ReactNode } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { Button, Grid, Group, NavLink as MantineNavLink, Paper, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconInbox, IconPencil, IconSend } from '@tabler/icons-react';
import { Page } from '../../../components/page';
import { ListSkeleton } from '../../../components/skeletons';
import { UnreadBadge } from '../../../components/unread-badge';
import { t } from '../../../lib/i18n';
import { useUnreadCount } from '../api/messages';
import { MessagesScopeContext, type MessagesScope } from './messages-context';

interface MessagesLayoutProps extends MessagesScope {
  /** The acted-for person's avatar, built by the route (another feature draws avatars). */
  avatar?: ReactNode;
}

/**
 * Spec 002 §2 "Messages area": the sidebar (Compose, Inbox with its unread badge, Sent, Failed,
 * 'Viewing the account of:' when acting for someone) beside the chosen screen. The title is
 * 'Dermis - Direct Messages', with ' - Responsible Person' when acting for a patient (decision 116).
 */
export function MessagesLayout({ avatar, ...scope }: MessagesLayoutProps) {
  const unread = useUnreadCount(scope.patientId);
  const { pathname } = useLocation();
  const title = scope.actingFor ? t('messages.titleResponsible') : t('messages.title');
  const links = [
    {
      to: `${scope.base}/inbox`,
      label: t('messages.inbox'),
      icon: IconInbox,
      count: unread,
      testId: 'messages-nav-inbox',
    },
    {
      to: `${scope.base}/sent`,
      label: t('messages.sent'),
      icon: IconSend,
      count: 0,
      testId: 'messages-nav-sent',
    },
    {
      to: `${scope.base}/failed`,
      label: t('messages.failed'),
      icon: IconAlertCircle,
      count: 0,
      testId: 'messages-nav-failed',
    },
  ];
  return (
    <MessagesScopeContext.Provider value={scope}>
      <Page title={title} heading={t('messages.title')}>
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 3 }}>
            <Paper withBorder radius="md" p="sm" component="aside" aria-label={t('messages.sidebar')}>
              <Stack gap="xs">
                {scope.actingFor && scope.person && (
                  <Group gap="sm" wrap="nowrap" data-testid="messages-viewing">
                    {avatar}
                    <Stack gap={0}>
                      <Text size="sm">{t('messages.viewingAccountOf')}</Text>
                      <Text fw={700}>
                        {scope.person.firstName} {scope.person.lastName}
                      </Text>
                    </Stack>
                  </Group>
                )}
                <Button
                  component={NavLink}
                  to={`${scope.base}/compose`}
                  leftSection={<IconPencil size={16} aria-hidden />}
                  data-testid="messages-compose"
                  fullWidth
                >
                  {t('messages.compose')}
                </Button>
                <nav aria-label={t('messages.sidebar')}>
                  <Stack gap={2} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                    {links.map((link) => (
                      <li key={link.to}>
                        <MantineNavLink
                          component={NavLink}
                          to={link.to}
                          active={
                            pathname.startsWith(link.to) ||
                            pathname.startsWith(link.to.replace(/\/(\w+)$/, '/message/$1'))
                          }
                          label={link.label}
                          leftSection={<link.icon size={18} aria-hidden />}
                          rightSection={<UnreadBadge count={link.count} testId="messages-unread-badge" />}
                          data-testid={link.testId}
                        />
                      </li>
                    ))}
                  </Stack>
                </nav>
              </Stack>
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 9 }}>
            {/* The screens need the person (Direct address, name) before they prepare a form. */}
            {scope.person ? <Outlet /> : <ListSkeleton rows={4} label={t('components.loading')} />}
          </Grid.Col>
        </Grid>
      </Page>
    </MessagesScopeContext.Provider>
  );
}
