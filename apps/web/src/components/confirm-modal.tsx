import type { FormEvent, ReactNode } from 'react';
import { Button, Group, Stack } from '@mantine/core';
import { t } from '../lib/i18n';
import { AppModal } from './app-modal';

interface ConfirmModalProps {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  /** The question, and any field the confirmation needs (mark the first with data-autofocus). */
  children: ReactNode;
  onConfirm: () => void;
  confirmLabel?: string;
  cancelLabel?: string;
  /** A destructive action (deleting, unlinking): the confirm button is red. */
  danger?: boolean;
  loading?: boolean;
  confirmTestId?: string;
}

/** Asks before an action; Enter in a field confirms, Escape or Cancel closes. */
export function ConfirmModal({
  opened,
  onClose,
  title,
  children,
  onConfirm,
  confirmLabel = t('components.confirm'),
  cancelLabel = t('components.cancel'),
  danger = false,
  loading = false,
  confirmTestId,
}: ConfirmModalProps) {
  function submit(event: FormEvent) {
    event.preventDefault();
    onConfirm();
  }
  return (
    <AppModal opened={opened} onClose={onClose} title={title}>
      <form noValidate onSubmit={submit}>
        <Stack gap="sm">
          {children}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {cancelLabel}
            </Button>
            <Button
              type="submit"
              color={danger ? 'red.9' : undefined}
              loading={loading}
              data-testid={confirmTestId}
            >
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}
