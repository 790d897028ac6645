import type { ReactNode, Ref } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { t } from '../../../lib/i18n';

/** A settings row when it is not being edited: its current value and an Edit button. */
export function EditSummary({
  value,
  valueTestId,
  editLabel,
  editButton,
  onEdit,
}: {
  value: ReactNode;
  valueTestId: string;
  /** The button's accessible name, naming what it edits ("Edit password"). */
  editLabel: string;
  /** Focus returns here when editing ends. */
  editButton: Ref<HTMLButtonElement>;
  onEdit: () => void;
}) {
  return (
    <Group justify="space-between">
      <Text data-testid={valueTestId}>{value}</Text>
      <Button ref={editButton} variant="default" aria-label={editLabel} onClick={onEdit}>
        {t('accountSettings.edit')}
      </Button>
    </Group>
  );
}
