import { useMemo, useState } from 'react';
import { Anchor, Badge, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import type { Prescription } from '@dermis/contract';
import { AppModal } from '../../../components/app-modal';
import { ErrorModal } from '../../../components/error-modal';
import { useScreenfulFirst } from '../../../components/screenful-first';
import { ShowMore, useNextPageFocus } from '../../../components/show-more';
import { ListSkeleton } from '../../../components/skeletons';
import { t, tPlural } from '../../../lib/i18n';
import { useMonograph, usePrescriptions } from '../api/prescriptions';

function usDate(iso: string): string {
  const [year, month, day] = iso.split('-');
  return `${month}/${day}/${year}`;
}

function MonographModal({
  prescription,
  onClose,
}: {
  prescription: Prescription | null;
  onClose: () => void;
}) {
  const monograph = useMonograph(prescription);
  if (prescription && monograph.isError)
    return <ErrorModal message={t('prescription.error.monograph')} onClose={onClose} />;
  return (
    <AppModal
      opened={prescription !== null}
      onClose={onClose}
      size="lg"
      title={t('healthProfile.monograph', { name: prescription?.fdbDescription ?? '' })}
      testId="monograph-modal"
    >
      {monograph.isPending ? (
        <ListSkeleton rows={4} />
      ) : (
        <Stack gap="xs">
          {monograph.data?.monograph
            .split(/\r?\n/)
            .filter((line) => line.trim() !== '')
            .map((line, index) => (
              <Text key={index}>{line}</Text>
            ))}
        </Stack>
      )}
    </AppModal>
  );
}

/**
 * Spec 001 §3, §4: read-only prescriptions, Active (default) or All, each with its drug information.
 * A page at a time (decision 255), ACTIVE first: under Active, "Show more" is offered only while the
 * last one read is still active, since every later page holds inactive ones only.
 */
export function PrescriptionsBlock({ patientId }: { patientId: number }) {
  const prescriptions = usePrescriptions(patientId);
  const [filter, setFilter] = useState<'ACTIVE' | 'ALL'>('ACTIVE');
  const [open, setOpen] = useState<Prescription | null>(null);
  const read = useMemo(
    () => prescriptions.data?.pages.flatMap((page) => page.prescriptions) ?? [],
    [prescriptions.data],
  );
  const shown = useMemo(() => read.filter((p) => filter === 'ALL' || p.status === 'ACTIVE'), [read, filter]);
  const rows = useScreenfulFirst(shown);
  const { listRef, showMore } = useNextPageFocus(shown, ':scope > li');
  if (prescriptions.isPending) return <ListSkeleton rows={2} />;
  if (prescriptions.isError)
    return (
      <Text role="alert" c="red.9">
        {t('prescription.error.fetch')}
      </Text>
    );
  const more = prescriptions.hasNextPage && (filter === 'ALL' || read.at(-1)?.status === 'ACTIVE');
  const paged = prescriptions.data.pages.length > 1 || prescriptions.hasNextPage;
  return (
    <Stack gap="sm" data-testid="list-PRESCRIPTIONS">
      <SegmentedControl
        aria-label={t('healthProfile.filterLabel')}
        size="xs"
        value={filter}
        onChange={(value) => setFilter(value)}
        data={(['ACTIVE', 'ALL'] as const).map((value) => ({
          value,
          label: t(`healthProfile.filter.${value}`),
        }))}
      />
      {shown.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('healthProfile.listEmpty')}
        </Text>
      ) : (
        <Stack
          gap="xs"
          component="ul"
          ref={listRef}
          style={{ listStyle: 'none', margin: 0, padding: 0 }}
          data-rows-pending={rows.pending || undefined}
        >
          {rows.items.map((p) => (
            <Stack key={p.id} component="li" gap={2} tabIndex={-1} data-testid="prescription-item">
              <Group gap="xs" wrap="nowrap" justify="space-between">
                {p.hasMonograph ? (
                  <Anchor component="button" type="button" ta="left" onClick={() => setOpen(p)}>
                    {p.fdbDescription}
                  </Anchor>
                ) : (
                  <Text>{p.fdbDescription}</Text>
                )}
                <Badge
                  variant="outline"
                  color={p.status === 'ACTIVE' ? undefined : 'gray.8'}
                  style={{ flexShrink: 0 }}
                >
                  {t(`prescription.status.${p.status}`)}
                </Badge>
              </Group>
              {p.sig && (
                <Text size="sm" c="dimmed">
                  {p.sig}
                </Text>
              )}
              {p.dateWritten && (
                <Text size="xs" c="dimmed">
                  {t('healthProfile.prescribed', { date: usDate(p.dateWritten) })}
                </Text>
              )}
            </Stack>
          ))}
        </Stack>
      )}
      {/* Only a history longer than a page says how much is shown: a short one looks as it always did. */}
      {paged && (
        <ShowMore
          shown={tPlural('healthProfile.prescriptionsShown', shown.length, { count: shown.length })}
          label={t('healthProfile.showMorePrescriptions')}
          hasMore={more}
          loading={prescriptions.isFetchingNextPage}
          failed={prescriptions.isFetchNextPageError}
          onMore={() => showMore(prescriptions.fetchNextPage)}
          testId="prescriptions"
        />
      )}
      <MonographModal prescription={open} onClose={() => setOpen(null)} />
    </Stack>
  );
}
