import { useState } from 'react';
import type { DocumentRangeShortcut, PatientDocument } from '@dermis/contract';
import { documentFilterDateFormat, documentRangeShortcuts } from '@dermis/contract';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconDownload, IconFileText } from '@tabler/icons-react';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { DayPicker } from '../../../components/day-picker';
import { EmptyState } from '../../../components/empty-state';
import { ErrorModal } from '../../../components/error-modal';
import { SectionCard } from '../../../components/section-card';
import { TableSkeleton } from '../../../components/skeletons';
import { t } from '../../../lib/i18n';
import { usePatientDocuments, useDownloadDocument } from '../api/documents';
import {
  defaultRange,
  defaultShortcut,
  documentDate,
  documentsInRange,
  isRangeInvalid,
  shortcutRange,
  type DayRange,
} from '../date-range';

/**
 * Spec 001 §2 "Documents": the date filter (default the last 7 days, shortcuts 15 days and 1 month,
 * start not after end) and the list, newest first; each row downloads through a signed link.
 */
export function DocumentsList({ patientId }: { patientId: number }) {
  const documents = usePatientDocuments(patientId);
  const download = useDownloadDocument(patientId);
  const [range, setRange] = useState<DayRange>(() => defaultRange());
  const [shortcut, setShortcut] = useState<DocumentRangeShortcut | null>(defaultShortcut);
  const [failure, setFailure] = useState<string | null>(null);
  const invalid = isRangeInvalid(range);

  const columns: DataTableColumn<PatientDocument>[] = [
    { key: 'name', header: t('documents.column.name'), cell: (d) => d.name, primary: true },
    { key: 'date', header: t('documents.column.date'), cell: (d) => documentDate(d.dateCreated) },
    { key: 'owner', header: t('documents.column.owner'), cell: (d) => d.ownerFullName ?? '' },
    { key: 'file', header: t('documents.column.file'), cell: (d) => d.fileName },
    {
      key: 'actions',
      header: t('documents.column.actions'),
      cell: (d) => (
        <Button
          variant="light"
          size="xs"
          leftSection={<IconDownload size={16} aria-hidden />}
          aria-label={t('documents.downloadLabel', { name: d.name })}
          loading={download.isPending && download.variables === d.id}
          onClick={() => download.mutate(d.id, { onError: () => setFailure(t('error.generic')) })}
        >
          {t('documents.download')}
        </Button>
      ),
    },
  ];

  const choose = (key: DocumentRangeShortcut) => {
    setShortcut(key);
    setRange(shortcutRange(key));
  };

  return (
    <Stack gap="md">
      <SectionCard title={t('documents.filter')}>
        <Stack gap="sm">
          <Group gap="xs" role="group" aria-label={t('documents.shortcuts')}>
            {documentRangeShortcuts.map((s) => (
              <Button
                key={s.key}
                size="xs"
                variant={shortcut === s.key ? 'filled' : 'default'}
                aria-pressed={shortcut === s.key}
                onClick={() => choose(s.key)}
                data-testid={`documents-shortcut-${s.key}`}
              >
                {t(`documents.shortcut.${s.key}`)}
              </Button>
            ))}
          </Group>
          <Group align="flex-start" grow preventGrowOverflow={false} wrap="wrap">
            <DayPicker
              label={t('documents.from')}
              value={range.from}
              format={documentFilterDateFormat}
              hint={t('documents.dateFormatHint')}
              typing
              invalidMessage={t('documents.dateInvalid')}
              testId="documents-from"
              error={invalid ? t('documents.rangeInvalid') : undefined}
              onChange={(from) => {
                setShortcut(null);
                setRange((r) => ({ ...r, from }));
              }}
            />
            <DayPicker
              label={t('documents.to')}
              value={range.to}
              format={documentFilterDateFormat}
              hint={t('documents.dateFormatHint')}
              typing
              invalidMessage={t('documents.dateInvalid')}
              testId="documents-to"
              onChange={(to) => {
                setShortcut(null);
                setRange((r) => ({ ...r, to }));
              }}
            />
          </Group>
        </Stack>
      </SectionCard>

      {documents.isPending ? (
        <TableSkeleton columns={4} />
      ) : documents.isError ? (
        <Text role="alert" c="red.9">
          {t('documents.fetchFailed')}
        </Text>
      ) : documents.data.length === 0 ? (
        <EmptyState icon={IconFileText} message={t('documents.empty')} testId="documents-empty" />
      ) : (
        <DataTable
          label={t('documents.title')}
          columns={columns}
          rows={invalid ? [] : documentsInRange(documents.data, range)}
          rowKey={(d) => d.id}
          testId="documents-table"
          empty={
            <EmptyState
              icon={IconFileText}
              message={t('documents.emptyRange')}
              testId="documents-empty-range"
            />
          }
        />
      )}
      <ErrorModal message={failure} onClose={() => setFailure(null)} />
    </Stack>
  );
}
