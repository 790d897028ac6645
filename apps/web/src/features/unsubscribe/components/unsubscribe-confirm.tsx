import { useNavigate } from 'react-router';
import { Button, Group, Stack, Text } from '@mantine/core';
import { webRoutes } from '@dermis/contract';
import { MessageBanners } from '../../../components/message-banners';
import { t } from '../../../lib/i18n';
import { useUnsubscribe, type UnsubscribeParams } from '../api/unsubscribe';
import { confirmKeys } from '../unsubscribe-types';

/** Spec 000 §2 and §4: YES unsubscribes (buttons disabled meanwhile), NO goes to /login. */
export function UnsubscribeConfirm({ params }: { params: UnsubscribeParams }) {
  const navigate = useNavigate();
  const request = useUnsubscribe();
  const question = confirmKeys[params.type];

  function yes() {
    request.mutate(params, {
      onSuccess: (answer) =>
        void navigate(`${webRoutes.unsubscribeSuccess}?type=${answer.type}`, { replace: true }),
    });
  }

  return (
    <Stack gap="md">
      <div aria-live="polite">
        <MessageBanners errors={request.isError ? [t('unsubscribe.error')] : []} />
      </div>
      {question && <Text>{t(question)}</Text>}
      <Group>
        <Button onClick={yes} disabled={request.isPending} loading={request.isPending}>
          {t('unsubscribe.yes')}
        </Button>
        <Button variant="default" onClick={() => void navigate(webRoutes.login)} disabled={request.isPending}>
          {t('unsubscribe.no')}
        </Button>
      </Group>
    </Stack>
  );
}
