import { startTransition, useEffect, useState } from 'react';

/**
 * How many items a long list shows at its first render: more cards than a phone's screen holds below
 * a screen's heading (three or four), and most of a desktop's table.
 */
export const screenfulItems = 8;

/**
 * A long list renders its first screenful first, and the rest at once after in a transition. On a
 * slow phone a screen of fifty message rows or twenty visit cards spends most of its time before it
 * shows rendering rows below the fold; rendered in a transition, they follow while the first ones are
 * already shown and can be used, React yielding to the patient's taps and scrolling between slices.
 * After that first time the list renders whole (a next page, a filter), so a row moved to by focus
 * ("Show more") is always there. `pending` is true while the rest are still to come: the list carries
 * it as `data-rows-pending`, which the browser bench waits on for its "whole list" figure.
 */
export function useScreenfulFirst<Item>(items: readonly Item[]): {
  items: readonly Item[];
  pending: boolean;
} {
  const [whole, setWhole] = useState(false);
  const cut = !whole && items.length > screenfulItems;
  useEffect(() => {
    if (cut) startTransition(() => setWhole(true));
  }, [cut]);
  return { items: cut ? items.slice(0, screenfulItems) : items, pending: cut };
}
