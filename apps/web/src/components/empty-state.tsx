import type { ReactNode } from 'react';
import { Stack, Text, ThemeIcon } from '@mantine/core';
import { IconInbox, type Icon } from '@tabler/icons-react';

interface EmptyStateProps {
  /** The spec's wording for "nothing here", e.g. 'You do not have any logged activity'. */
  message: ReactNode;
  icon?: Icon;
  /** A way forward (a link or button), if there is one. */
  action?: ReactNode;
  testId?: string;
}

/** What a list shows when it has nothing: an icon, the spec's sentence and perhaps a way forward. */
export function EmptyState({ message, icon: IconComponent = IconInbox, action, testId }: EmptyStateProps) {
  return (
    <Stack align="center" gap="xs" py="xl" data-testid={testId}>
      <ThemeIcon variant="light" size={48} radius="xl" aria-hidden>
        <IconComponent size={28} stroke={1.5} />
      </ThemeIcon>
      <Text ta="center">{message}</Text>
      {action}
    </Stack>
  );
}
