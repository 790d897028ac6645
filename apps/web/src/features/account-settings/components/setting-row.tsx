import type { ReactNode } from 'react';
import { Grid, Paper, Title } from '@mantine/core';

/** One labelled row of the Account Settings page (a section with an h2 so it is navigable). */
export function SettingRow({
  label,
  testId,
  children,
}: {
  label: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Paper withBorder p="md" component="section" aria-label={label} data-testid={testId}>
      <Grid align="flex-start">
        <Grid.Col span={{ base: 12, sm: 3 }}>
          <Title order={2} size="h4">
            {label}
          </Title>
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 9 }}>{children}</Grid.Col>
      </Grid>
    </Paper>
  );
}
