import { useState } from 'react';
import { Button, Group, Text, VisuallyHidden } from '@mantine/core';
import { t } from '../lib/i18n';

export interface ShowAllState {
  /** How many the card holds now, and how many the range holds. */
  shown: number;
  total: number;
  loading: boolean;
  failed: boolean;
  onShow: () => void;
}

/** "The newest 20 of 200." and a "Show all (200)" button, under a card that holds only the newest. */
export function ShowAll({
  state,
  section,
  testId,
}: {
  state: ShowAllState;
  section: string;
  testId: string;
}) {
  if (state.total <= state.shown) return null;
  return (
    <Group gap="sm" wrap="wrap">
      <Text size="sm" c="dimmed">
        {t('record.showingNewest', { shown: state.shown, total: state.total })}
      </Text>
      <Button variant="light" size="sm" loading={state.loading} onClick={state.onShow} data-testid={testId}>
        {t('record.showAll', { count: state.total })}
        {/* Several cards have the button: each is named by its card too (the visible text leads). */}
        <VisuallyHidden>{` ${section}`}</VisuallyHidden>
      </Button>
      {state.failed && (
        <Text size="sm" role="alert">
          {t('record.showAllFailed')}
        </Text>
      )}
    </Group>
  );
}

/**
 * Moves focus to the first entry "Show all" adds, once it is drawn: a keyboard or screen-reader
 * user goes on reading where the list grew, not from the button, which leaves.
 */
export function useFocusFirstNew() {
  const [from, setFrom] = useState<string | null>(null);
  const place = (index: number, list: string) => `${list}:${index}`;
  return {
    /** Call with how many the list holds before it grows (and which list, in a card of several). */
    focusFrom: (index: number, list = '') => setFrom(place(index, list)),
    // The entry at that place exists only once the whole list is drawn: it takes focus as it mounts.
    refAt: (index: number, list = '') =>
      place(index, list) === from
        ? (element: HTMLElement | null) => {
            if (!element) return;
            // Outlined by global.css whether "Show all" was clicked or pressed by key: a mouse click
            // leaves :focus-visible (the theme's focus ring) off for focus moved by a script.
            element.setAttribute('data-show-all-focus', '');
            element.focus();
            setFrom(null);
          }
        : undefined,
  };
}
