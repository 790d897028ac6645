import { useState } from 'react';
import { Anchor, Badge, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import type { Prescription } from '@dermis/contract';
import { AppModal } from '../../../components/app-modal';
import { ErrorModal } from '../../../components/error-modal';
import { ListSkeleton } from '../../../components/skeletons';
import { t } from '../../../lib/i18n';
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

/** Spec 001 §3, §4: read-only prescriptions, Active (default) or All, each with its drug information. */
export function PrescriptionsBlock({ patientId }: { patientId: number }) {
  const prescriptions = usePrescriptions(patientId);
  const [filter, setFilter] = useState<'ACTIVE' | 'ALL'>('ACTIVE');
  const [open, setOpen] = useState<Prescription | null>(null);
  if (prescriptions.isPending) return <ListSkeleton rows={2} />;
  if (prescriptions.isError)
    return (
      <Text role="alert" c="red.9">
        {t('prescription.error.fetch')}
      </Text>
    );
  const shown = prescriptions.data.prescriptions.filter((p) => filter === 'ALL' || p.status === 'ACTIVE');
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
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {shown.map((p) => (
            <Stack key={p.id} component="li" gap={2}>
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
      <MonographModal prescription={open} onClose={() => setOpen(null)} />
    </Stack>
  );
}
