import type { ReactNode } from 'react';
import { Text } from '@mantine/core';
import { t } from '../lib/i18n';
import { Page } from './page';

/** A real route whose screen belongs to a later issue; it says so instead of pretending. */
export function PlaceholderPage({
  title,
  heading,
  children,
}: {
  title: string;
  heading?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Page title={title} heading={heading ?? title}>
      {children}
      <Text>{t('placeholder.text')}</Text>
    </Page>
  );
}
