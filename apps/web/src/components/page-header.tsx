import type { ReactNode, Ref } from 'react';
import { Group, Stack, Text, Title } from '@mantine/core';
import { SkipToNavigationLink } from './skip-link';

interface PageHeaderProps {
  /** The page's single h1. */
  heading: ReactNode;
  /** One line under the heading (the spec's sub-header). */
  description?: ReactNode;
  /** Buttons or links for the whole page, at the heading's end (below it on a phone). */
  actions?: ReactNode;
  /** The h1, for `Page` to move focus to on a route change. */
  headingRef?: Ref<HTMLHeadingElement>;
}

/** The top of every screen: h1, optional sub-header and page actions. */
export function PageHeader({ heading, description, actions, headingRef }: PageHeaderProps) {
  return (
    <Group justify="space-between" align="flex-end" gap="sm" className="page-header">
      <Stack gap={4}>
        <Title order={1} ref={headingRef} tabIndex={-1} className="page-heading">
          {heading}
        </Title>
        <SkipToNavigationLink />
        {description !== undefined && <Text c="dimmed">{description}</Text>}
      </Stack>
      {actions !== undefined && (
        <Group gap="xs" wrap="wrap">
          {actions}
        </Group>
      )}
    </Group>
  );
}
