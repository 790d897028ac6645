import { useState } from 'react';
import { List, Text } from '@mantine/core';
import type { HealthInfoList, HealthInfoResponse } from '@dermis/contract';
import { useScreenfulFirst } from '../../../components/screenful-first';
import { SectionCard } from '../../../components/section-card';
import { ShowAll, useFocusFirstNew } from '../../../components/show-all';
import { t } from '../../../lib/i18n';
import { useHealthInfoList } from '../api/health-information';

interface SummaryListProps {
  patientId: number;
  /** The list of the summary this card shows. */
  list: HealthInfoList;
  /** The first answer: the newest of each list and each list's total. */
  first: HealthInfoResponse;
  /** The card's lines, from an answer holding the list. */
  lines: (info: HealthInfoResponse) => string[];
  title: string;
  testId: string;
}

/**
 * Allergies, problems or medications: the newest entries first, then, once "Show all (N)" is
 * chosen, the whole list (its own query), focus moving to the first entry it adds.
 */
export function SummaryList({ patientId, list, first, lines, title, testId }: SummaryListProps) {
  const [asked, setAsked] = useState(false);
  const whole = useHealthInfoList(patientId, list, asked);
  const focus = useFocusFirstNew();
  const items = lines(whole.data ?? first);
  const total = first.totals?.[list] ?? items.length;
  return (
    <SectionCard title={title} testId={testId}>
      <SummaryLines items={items} refAt={focus.refAt} />
      <ShowAll
        state={{
          shown: items.length,
          total,
          loading: whole.isFetching,
          failed: whole.isError,
          onShow: () => {
            focus.focusFrom(items.length);
            if (asked) void whole.refetch();
            else setAsked(true);
          },
        }}
        section={title}
        testId={`${testId}-show-all`}
      />
    </SectionCard>
  );
}

/** A summary card's lines, or that it has none. `refAt` gives an entry a ref (the focus "Show all" moves). */
export function SummaryLines({
  items,
  refAt,
}: {
  items: string[];
  refAt?: (index: number) => ((element: HTMLElement | null) => void) | undefined;
}) {
  const lines = useScreenfulFirst(items);
  if (items.length === 0) return <Text c="dimmed">{t('healthInfo.sectionEmpty')}</Text>;
  return (
    <List spacing={4} data-rows-pending={lines.pending || undefined}>
      {lines.items.map((item, i) => (
        <List.Item key={`${i}-${item}`} ref={refAt?.(i)} tabIndex={refAt ? -1 : undefined}>
          {item}
        </List.Item>
      ))}
    </List>
  );
}
