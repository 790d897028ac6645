import { Button, Group, Modal, Text } from '@mantine/core';
import { t } from '../../../lib/i18n';

interface ErrorModalProps {
  message: string | null;
  onClose: () => void;
}

/** Spec 000 §8: two-step failures are shown in a modal with OK. */
export function ErrorModal({ message, onClose }: ErrorModalProps) {
  return (
    <Modal
      opened={message !== null}
      onClose={onClose}
      title={t('twoStep.errorTitle')}
      centered
      closeButtonProps={{ 'aria-label': t('twoStep.close') }}
      zIndex={400}
    >
      <Text role="alert" data-testid="two-step-error">
        {message}
      </Text>
      <Group justify="flex-end" mt="md">
        <Button onClick={onClose} data-autofocus>
          {t('twoStep.ok')}
        </Button>
      </Group>
    </Modal>
  );
}
