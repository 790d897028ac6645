import { Group, Text } from '@mantine/core';
import { t } from '../lib/i18n';

/** The Dermis mark and name; used inside a link whose name is the visible text. */
export function Logo() {
  return (
    <Group gap={8} wrap="nowrap" component="span">
      <svg width="28" height="28" viewBox="0 0 28 28" aria-hidden="true" focusable="false">
        <circle cx="14" cy="14" r="13" fill="var(--mantine-color-dermis-8)" />
        <path d="M9 8h5a6 6 0 010 12H9z" fill="none" stroke="#fff" strokeWidth="2.5" />
      </svg>
      <Text component="span" fw={700} fz="xl" c="dermis.9">
        {t('app.name')}
      </Text>
    </Group>
  );
}
