import type { ReactNode } from 'react';
import { Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { t } from '../lib/i18n';
import { PageHeader } from './page-header';

interface PageProps {
  /** Translated page name for the document title, shown as 'Dermis - {title}'. */
  title: string;
  /** The page's single h1. */
  heading: ReactNode;
  /** Sub-header under the h1. */
  description?: ReactNode;
  /** Page-level actions beside the h1. */
  actions?: ReactNode;
  children?: ReactNode;
}

/** Every screen starts here so each has exactly one h1 and a document title. */
export function Page({ title, heading, description, actions, children }: PageProps) {
  useDocumentTitle(t('app.title', { page: title }));
  return (
    <Stack gap="md">
      <PageHeader heading={heading} description={description} actions={actions} />
      {children}
    </Stack>
  );
}
