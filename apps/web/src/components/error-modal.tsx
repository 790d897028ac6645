import { Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { t } from '../lib/i18n';
import { AppModal } from './app-modal';

interface ErrorModalProps {
  /** The error text; null keeps the modal closed. */
  message: string | null;
  onClose: () => void;
  title?: string;
  zIndex?: number;
  testId?: string;
}

/** A failure that needs acknowledging: the message as an alert and one OK button (focused). */
export function ErrorModal({
  message,
  onClose,
  title,
  zIndex,
  testId = 'error-modal-message',
}: ErrorModalProps) {
  return (
    <AppModal
      opened={message !== null}
      onClose={onClose}
      zIndex={zIndex}
      title={
        <Group gap="xs" component="span">
          <IconAlertTriangle size={20} aria-hidden color="var(--mantine-color-red-9)" />
          {title ?? t('components.errorTitle')}
        </Group>
      }
    >
      <Text role="alert" data-testid={testId}>
        {message}
      </Text>
      <Group justify="flex-end" mt="md">
        <Button onClick={onClose} data-autofocus>
          {t('components.ok')}
        </Button>
      </Group>
    </AppModal>
  );
}
