import { useEffect, useRef, useState } from 'react';
import { Combobox, Loader, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { t } from '../../../lib/i18n';

export interface SearchOption {
  key: string;
  label: string;
  /** Kept as the item's custom value: allergen typeInt, drug concept type, or null. */
  customValue: string | null;
}

interface HistorySearchProps {
  /** The list's name, for the input's label ('Search Allergies'). */
  sectionName: string;
  /** Query key prefix, so each list keeps its own results. */
  queryKey: string;
  search: (text: string) => Promise<SearchOption[]>;
  onPick: (option: SearchOption) => void;
  /** The input lost focus (spec 001 §2: the search hides on blur). */
  onBlur?: () => void;
  autoFocus?: boolean;
}

/** About two seconds of frames: longer than any panel takes to start opening. */
const maxFocusFrames = 120;

/** Spec 001 §5: searches fire at 2 or more characters; below that a hint, then 'No results found'. */
export const minSearchLength = 2;

/**
 * The search of a history list: an input with a list of matches under it. Options keep focus in the
 * input when clicked (Combobox prevents the mousedown), so picking one is not a blur.
 */
export function HistorySearch({
  sectionName,
  queryKey,
  search,
  onPick,
  onBlur,
  autoFocus,
}: HistorySearchProps) {
  const combobox = useCombobox();
  const input = useRef<HTMLInputElement>(null);
  // Focused once it can take focus, not by the autoFocus attribute: a plus on a closed block mounts
  // the search inside the panel while the panel is still hidden (until its opening starts), where
  // focusing does nothing; the input then never had focus, so no blur ever hid it. Tried each frame
  // until it holds, so it does not matter where on the screen the panel opens (below the fold on a
  // phone), and given up if the user has put focus elsewhere meanwhile.
  useEffect(() => {
    const element = input.current;
    if (!autoFocus || !element) return;
    const before = document.activeElement;
    let frame = 0;
    let tries = 0;
    const attempt = () => {
      if (document.activeElement !== before) return;
      element.focus();
      if (document.activeElement === element || ++tries > maxFocusFrames) return;
      frame = requestAnimationFrame(attempt);
    };
    attempt();
    return () => cancelAnimationFrame(frame);
  }, [autoFocus]);
  const label = t('healthProfile.search', { section: sectionName });
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text.trim(), 250);
  const enabled = debounced.length >= minSearchLength;
  const results = useQuery({
    queryKey: ['history-search', queryKey, debounced],
    queryFn: () => search(debounced),
    enabled,
    staleTime: 60_000,
  });

  const waiting = text.trim().length >= minSearchLength && (!enabled || results.isFetching);
  const options = text.trim().length >= minSearchLength ? (results.data ?? []) : [];
  // The hint and 'No results found' sit under the input (a live status), not in the list: an
  // empty listbox is not allowed, so the list only opens when it has options.
  let status: string | null = null;
  if (text.trim().length < minSearchLength) status = t('healthProfile.searchHint');
  else if (waiting && !results.data) status = t('healthProfile.searching');
  else if (options.length === 0) status = t('healthProfile.noResults');

  return (
    <Combobox
      store={combobox}
      // In the page, not a portal: the list stays inside the page's landmarks.
      withinPortal={false}
      onOptionSubmit={(key) => {
        const option = results.data?.find((o) => o.key === key);
        if (option) onPick(option);
        setText('');
      }}
    >
      <Combobox.Target>
        <TextInput
          label={label}
          ref={input}
          value={text}
          autoComplete="off"
          leftSection={<IconSearch size={16} aria-hidden />}
          rightSection={waiting ? <Loader size={14} /> : null}
          onChange={(event) => {
            setText(event.currentTarget.value);
            combobox.openDropdown();
            combobox.resetSelectedOption();
          }}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => {
            combobox.closeDropdown();
            onBlur?.();
          }}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={options.length === 0}>
        <Combobox.Options mah={280} style={{ overflowY: 'auto' }} aria-label={label}>
          {options.map((option) => (
            <Combobox.Option value={option.key} key={option.key}>
              {option.label}
            </Combobox.Option>
          ))}
        </Combobox.Options>
      </Combobox.Dropdown>
      <Text size="sm" c="dimmed" mt={4} role="status" data-testid="history-search-status">
        {status}
      </Text>
    </Combobox>
  );
}
