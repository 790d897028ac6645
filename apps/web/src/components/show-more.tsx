import { useEffect, useRef } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { t } from '../lib/i18n';

export interface ShowMoreProps {
  /** How much of the list is drawn ("Showing 40 of 120 messages"), a polite status. */
  shown: string;
  /** The button's words ("Show more messages"); no button once the list is whole. */
  label: string;
  hasMore: boolean;
  loading: boolean;
  /** The next page did not come: said under the list, in the list's own words where it has them. */
  failed: boolean;
  failedText?: string;
  /** Asks for the next page. */
  onMore: () => void;
  /** `${testId}-shown-count` and `${testId}-show-more`. */
  testId: string;
  /** Inside a card whose list runs to its edges: the card's padding. */
  inset?: boolean;
}

/** Under a list read a page at a time: how much is shown, "Show more" while more is left, and a failure. */
export function ShowMore({
  shown,
  label,
  hasMore,
  loading,
  failed,
  failedText,
  onMore,
  testId,
  inset = false,
}: ShowMoreProps) {
  return (
    <Group justify="space-between" gap="xs" px={inset ? 'sm' : undefined} pb={inset ? 'xs' : undefined}>
      <Text size="sm" c="dimmed" role="status" data-testid={`${testId}-shown-count`}>
        {shown}
      </Text>
      {hasMore && (
        <Button
          variant="default"
          size="sm"
          loading={loading}
          onClick={onMore}
          data-testid={`${testId}-show-more`}
        >
          {label}
        </Button>
      )}
      {failed && (
        <Text size="sm" role="alert">
          {failedText ?? t('components.moreFailed')}
        </Text>
      )}
    </Group>
  );
}

/**
 * For a list read a page at a time: once "Show more" has drawn the next page, focus moves to its
 * first item, where a keyboard or screen-reader user reads on. `items` is what the list draws, in
 * order; `selector` finds each item's focusable element inside `listRef`'s element, in the same order.
 */
export function useNextPageFocus(items: readonly unknown[], selector: string) {
  const listRef = useRef<HTMLDivElement>(null);
  const focusIndex = useRef<number | null>(null);
  useEffect(() => {
    if (focusIndex.current === null) return;
    const item = listRef.current?.querySelectorAll<HTMLElement>(selector)[focusIndex.current];
    if (!item) return;
    focusIndex.current = null;
    item.focus();
  }, [items, selector]);
  return {
    listRef,
    /** ShowMore's `onMore`: notes where the new items will start, then asks for them. */
    showMore: (fetchNextPage: () => Promise<unknown>) => {
      focusIndex.current = items.length;
      void fetchNextPage();
    },
  };
}
