import { useNavigate } from 'react-router';
import { Button, Group, Stack, Text } from '@mantine/core';
import { webRoutes } from '@dermis/contract';
import { t } from '../../../lib/i18n';
import { successKeys } from '../unsubscribe-types';

/** Spec 000 §2: the message for the type just unsubscribed, and OK to /login. */
export function UnsubscribeSuccess({ type }: { type: string | null }) {
  const navigate = useNavigate();
  const message = (type && successKeys[type]) || 'unsubscribeSuccess.message.unknown';
  return (
    <Stack gap="md">
      <Text role="status">{t(message)}</Text>
      <Group>
        <Button onClick={() => void navigate(webRoutes.login)}>{t('unsubscribeSuccess.ok')}</Button>
      </Group>
    </Stack>
  );
}
