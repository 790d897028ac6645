import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Alert, Anchor, Button, Divider, Flex, Group, List, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconArrowBackUp, IconArrowForwardUp, IconArrowLeft, IconDownload } from '@tabler/icons-react';
import { EmptyState } from '../../../components/empty-state';
import { ErrorModal } from '../../../components/error-modal';
import { SectionCard } from '../../../components/section-card';
import { ListSkeleton } from '../../../components/skeletons';
import { useApiClient } from '../../../lib/api';
import { t } from '../../../lib/i18n';
import type { DirectMessage } from '@dermis/contract';
import { isApiError } from '../../../lib/api';
import { getAttachmentUrl, useMarkAsRead, useMessage } from '../api/messages';
import { viewDate } from '../format';
import { CheckedType } from './checked-type';
import { MessageContent } from './message-content';
import { listTypes, useMessagesScope, type ListSlug } from './messages-context';

function Field({ label, children, testId }: { label: string; children: string; testId: string }) {
  return (
    <div>
      <Text size="sm" fw={700} component="dt">
        {label}
      </Text>
      <Text component="dd" m={0} style={{ overflowWrap: 'anywhere' }} data-testid={testId}>
        {children}
      </Text>
    </div>
  );
}

/**
 * Spec 002 §2 "Message view": Subject, From, To, date and time, the body and attachment links;
 * Back, Reply (inbox only), Forward (inbox and sent). Opening an unread message marks it read (§4).
 * The view type 'inbox' is the RECEIVED list.
 */
export function MessageView({ slug, id }: { slug: ListSlug; id: number }) {
  const scope = useMessagesScope();
  const { type, label } = listTypes[slug];
  const query = useMessage(id);
  const markAsRead = useMarkAsRead(scope.patientId);
  const client = useApiClient();
  const [failure, setFailure] = useState<string | null>(null);
  const [opening, setOpening] = useState<number | null>(null);
  // The address names the list; a message filed in another list (or another patient's) is not shown here.
  const message =
    query.data && query.data.directMessageType === type && query.data.patientId === scope.patientId
      ? query.data
      : undefined;
  const marked = useRef(false);

  useEffect(() => {
    if (slug !== 'inbox' || !message || message.messageWasRead || marked.current) return;
    marked.current = true;
    markAsRead.mutate(message.id);
  }, [slug, message, markAsRead]);

  const download = async (m: DirectMessage, attachmentId: number) => {
    setOpening(attachmentId);
    try {
      const answer = await getAttachmentUrl(client, m, attachmentId);
      // The address is signed and short-lived: fetch it now and follow it at once.
      const link = document.createElement('a');
      link.href = answer.contentUrl;
      link.download = answer.name;
      link.rel = 'noopener';
      document.body.append(link);
      link.click();
      link.remove();
    } catch {
      setFailure(t('error.generic'));
    } finally {
      setOpening(null);
    }
  };

  const back = (
    <Button
      component={Link}
      to={`${scope.base}/${slug}`}
      variant="default"
      leftSection={<IconArrowLeft size={16} aria-hidden />}
      data-testid="message-back"
    >
      {t('messages.back')}
    </Button>
  );

  if (query.isPending) return <ListSkeleton rows={4} label={t('components.loading')} />;
  if (query.isError && !(isApiError(query.error) && query.error.status === 404))
    return (
      <Stack>
        <Text role="alert" c="red.9">
          {t('messages.fetchFailed')}
        </Text>
        <Group>{back}</Group>
      </Stack>
    );
  if (!message)
    return (
      <Stack>
        <EmptyState message={t('messages.view.notFound', { type: t(label) })} testId="message-not-found" />
        <Group justify="center">{back}</Group>
      </Stack>
    );

  return (
    <SectionCard title={message.subject || t('messages.noSubject')} testId="message-view">
      <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="sm" m={0}>
        <Field label={t('messages.view.subject')} testId="message-subject">
          {message.subject || t('messages.noSubject')}
        </Field>
        <Field label={t('messages.view.date')} testId="message-date">
          {viewDate(message.dateSent)}
        </Field>
        <Field label={t('messages.view.from')} testId="message-from">
          {message.from}
        </Field>
        <Field label={t('messages.view.to')} testId="message-to">
          {message.to}
        </Field>
      </SimpleGrid>
      {message.failureReason && (
        <Alert color="red" variant="light" data-testid="message-failure-reason">
          {message.failureReason}
        </Alert>
      )}
      <Divider />
      <MessageContent message={message} />
      {message.attachments.length > 0 && (
        <Stack gap={4}>
          <Text fw={700} component="h3" size="md" m={0}>
            {t('messages.view.attachments')}
          </Text>
          <List listStyleType="none" spacing={4} data-testid="message-attachments">
            {message.attachments.map((a) => (
              <List.Item key={a.id}>
                <Group gap="xs" wrap="wrap" component="span">
                  <Anchor
                    component="button"
                    type="button"
                    onClick={() => void download(message, a.id)}
                    disabled={opening === a.id}
                    aria-label={t('messages.download', { name: a.name })}
                    data-testid="message-attachment"
                  >
                    <Group gap={4} component="span" wrap="nowrap">
                      <IconDownload size={16} aria-hidden />
                      <bdi>{a.name}</bdi>
                    </Group>
                  </Anchor>
                  <CheckedType mimeType={a.mimeType} />
                </Group>
              </List.Item>
            ))}
          </List>
        </Stack>
      )}
      {/* On a phone the actions stack at full width: three side by side do not fit the card (Spanish's
          'Reenviar' was pushed onto a line of its own), and a full-width button never squeezes its label. */}
      <Flex
        direction={{ base: 'column', xs: 'row' }}
        wrap="wrap"
        gap="xs"
        mt="sm"
        data-testid="message-actions"
      >
        {back}
        {slug === 'inbox' && (
          <Button
            component={Link}
            to={`${scope.base}/compose/${slug}/reply/${message.id}`}
            leftSection={<IconArrowBackUp size={16} aria-hidden />}
            data-testid="message-reply"
          >
            {t('messages.reply')}
          </Button>
        )}
        {(slug === 'inbox' || slug === 'sent') && (
          <Button
            component={Link}
            to={`${scope.base}/compose/${slug}/forward/${message.id}`}
            variant="light"
            leftSection={<IconArrowForwardUp size={16} aria-hidden />}
            data-testid="message-forward"
          >
            {t('messages.forward')}
          </Button>
        )}
      </Flex>
      <ErrorModal message={failure} onClose={() => setFailure(null)} />
    </SectionCard>
  );
}
