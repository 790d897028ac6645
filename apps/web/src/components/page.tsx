import { useEffect, useRef, type ReactNode } from 'react';
import { Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { t } from '../lib/i18n';
import { PageHeader } from './page-header';
import { PublicCard } from './public-card';

interface PageProps {
  /** Translated page name for the document title, shown as 'Dermis - {title}'. */
  title: string;
  /** The page's single h1. */
  heading: ReactNode;
  /** Sub-header under the h1. */
  description?: ReactNode;
  /** Page-level actions beside the h1. */
  actions?: ReactNode;
  /** Public pages sit in the practice-branded card. */
  card?: boolean;
  children?: ReactNode;
}

/**
 * Every screen starts here so each has exactly one h1 and a document title. A new page moves focus
 * to its h1 (tabIndex -1), so a screen reader announces it and the next Tab starts from the page,
 * not from wherever the previous page left focus. A modal or field that already holds focus keeps it.
 */
export function Page({ title, heading, description, actions, card = false, children }: PageProps) {
  useDocumentTitle(t('app.title', { page: title }));
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    const active = document.activeElement;
    if (active && active !== document.body && active.closest('[role="dialog"]')) return;
    headingRef.current?.focus({ preventScroll: true });
  }, [title]);
  const content = (
    <Stack gap="md">
      <PageHeader heading={heading} description={description} actions={actions} headingRef={headingRef} />
      {children}
    </Stack>
  );
  return card ? <PublicCard>{content}</PublicCard> : content;
}
