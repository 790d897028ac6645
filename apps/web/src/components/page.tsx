import type { ReactNode } from 'react';
import { Stack, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { t } from '../lib/i18n';

interface PageProps {
  /** Translated page name for the document title, shown as 'Dermis - {title}'. */
  title: string;
  /** The page's single h1. */
  heading: ReactNode;
  children?: ReactNode;
}

/** Every screen starts here so each has exactly one h1 and a document title. */
export function Page({ title, heading, children }: PageProps) {
  useDocumentTitle(t('app.title', { page: title }));
  return (
    <Stack gap="md">
      <Title order={1}>{heading}</Title>
      {children}
    </Stack>
  );
}
