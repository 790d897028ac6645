import { useId, type ReactNode } from 'react';
import { Group, Paper, Stack, Title } from '@mantine/core';

interface SectionCardProps {
  /** The section's heading (h2 by default), which also names the region. */
  title: ReactNode;
  order?: 2 | 3;
  /** Buttons for this section only, at the heading's end. */
  actions?: ReactNode;
  children: ReactNode;
  testId?: string;
}

/** A bordered card holding one part of a page, named by its heading. */
export function SectionCard({ title, order = 2, actions, children, testId }: SectionCardProps) {
  const headingId = useId();
  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'lg' }}
      data-testid={testId}
    >
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={order} size="h3" id={headingId}>
            {title}
          </Title>
          {actions}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}
