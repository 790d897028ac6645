import { useMemo } from 'react';
import { Link } from 'react-router';
import { Box, Group, Paper, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import { EmptyState } from '../../../components/empty-state';
import { SectionCard } from '../../../components/section-card';
import { ShowMore, useNextPageFocus } from '../../../components/show-more';
import { useScreenfulFirst } from '../../../components/screenful-first';
import { ListSkeleton } from '../../../components/skeletons';
import { t, tPlural } from '../../../lib/i18n';
import { useMessageList } from '../api/messages';
import { listDate, partyName } from '../format';
import { listTypes, useMessagesScope, type ListSlug } from './messages-context';

/**
 * Spec 002 §2 "Lists": from, subject and date per row, unread rows marked, the '{type} section does
 * not contain any messages' text, and a failed fetch in place of the list (decision 117). A page at
 * a time (decision 253): "Show more" below a list longer than a page, and a count of what is shown.
 */
export function MessageList({ slug }: { slug: ListSlug }) {
  const scope = useMessagesScope();
  const { type, label } = listTypes[slug];
  const list = useMessageList(scope.patientId, type);
  const name = t(label);
  const messages = useMemo(() => list.data?.pages.flatMap((page) => page.messages) ?? [], [list.data]);
  const total = list.data?.pages[0]?.totalCount ?? 0;
  const { listRef, showMore } = useNextPageFocus(messages, '[data-testid="message-row"]');
  const rows = useScreenfulFirst(messages);
  return (
    <SectionCard title={name} testId={`messages-list-${slug}`}>
      {list.isPending ? (
        <ListSkeleton rows={4} label={t('components.loading')} />
      ) : list.isError ? (
        <Text role="alert" c="red.9" data-testid="messages-list-error">
          {t('messages.fetchFailed')}
        </Text>
      ) : messages.length === 0 ? (
        <EmptyState message={t('messages.empty', { type: name })} testId="messages-empty" />
      ) : (
        <Stack gap="sm">
          <Stack
            component="ul"
            ref={listRef}
            gap={0}
            aria-label={t('messages.listCaption', { type: name })}
            style={{ listStyle: 'none', margin: 0, padding: 0 }}
            data-rows-pending={rows.pending || undefined}
          >
            {rows.items.map((message) => {
              const unread = slug === 'inbox' && !message.messageWasRead;
              const subject = message.subject || t('messages.noSubject');
              // The sent and failed lists name the recipient; the inbox names the sender.
              const party = partyName(slug === 'inbox' ? message.from : message.to);
              return (
                <li key={message.id}>
                  <UnstyledButton
                    component={Link}
                    to={`${scope.base}/message/${slug}/${message.id}`}
                    className="message-row"
                    data-unread={unread || undefined}
                    data-testid="message-row"
                    w="100%"
                  >
                    <Paper
                      p="sm"
                      radius={0}
                      style={{
                        borderBottom: '1px solid var(--mantine-color-gray-3)',
                        background: unread ? 'var(--mantine-color-blue-0)' : undefined,
                      }}
                    >
                      <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
                        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                          <Box
                            aria-hidden
                            w={8}
                            h={8}
                            style={{
                              borderRadius: 4,
                              flex: 'none',
                              background: unread ? 'var(--mantine-color-blue-7)' : 'transparent',
                            }}
                          />
                          <Stack gap={2} style={{ minWidth: 0 }}>
                            {unread && <VisuallyHidden>{t('messages.unread')}</VisuallyHidden>}
                            <Text fw={unread ? 700 : 500} truncate="end" data-testid="message-row-party">
                              <VisuallyHidden>
                                {slug === 'inbox' ? t('messages.column.from') : t('messages.column.to')}:{' '}
                              </VisuallyHidden>
                              {party}
                            </Text>
                            <Text
                              fw={unread ? 700 : 400}
                              size="sm"
                              truncate="end"
                              data-testid="message-row-subject"
                            >
                              {subject}
                            </Text>
                          </Stack>
                        </Group>
                        <Group gap={4} wrap="nowrap" style={{ flex: 'none' }}>
                          {message.attachments.length > 0 && (
                            <IconPaperclip size={14} aria-label={t('messages.view.attachments')} role="img" />
                          )}
                          <Text size="sm" c="dimmed" data-testid="message-row-date">
                            {listDate(message.dateSent)}
                          </Text>
                        </Group>
                      </Group>
                    </Paper>
                  </UnstyledButton>
                </li>
              );
            })}
          </Stack>
          {/* Only a list longer than a page says how much is shown: a short one looks as it always did. */}
          {(list.hasNextPage || list.data.pages.length > 1) && (
            <ShowMore
              shown={tPlural('messages.shownCount', total, { shown: messages.length, total })}
              label={t('messages.showMore')}
              hasMore={list.hasNextPage}
              loading={list.isFetchingNextPage}
              failed={list.isFetchNextPageError}
              onMore={() => showMore(list.fetchNextPage)}
              testId="messages"
              inset
            />
          )}
        </Stack>
      )}
    </SectionCard>
  );
}
