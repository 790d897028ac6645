import { useState } from 'react';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import type { DocumentRangeShortcut, PatientDocument } from '@dermis/contract';
import { documentFilterDateFormat, documentRangeShortcuts } from '@dermis/contract';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconCalendar, IconDownload, IconFileText } from '@tabler/icons-react';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { ErrorModal } from '../../../components/error-modal';
import { SectionCard } from '../../../components/section-card';
import { TableSkeleton } from '../../../components/skeletons';
import { t } from '../../../lib/i18n';
import { usePatientDocuments, useDownloadDocument } from '../api/documents';
import {
  defaultRange,
  documentDate,
  documentsInRange,
  isRangeInvalid,
  shortcutRange,
  type DayRange,
} from '../date-range';

dayjs.extend(customParseFormat);

const isoDay = 'YYYY-MM-DD';
const shown = (value: string | null) => (value ? dayjs(value, isoDay).format(documentFilterDateFormat) : '');

/** A date field typed as MM-DD-YYYY; empty clears that end of the range. */
function DayField({
  label,
  value,
  onChange,
  error,
  testId,
}: {
  label: string;
  value: string | null;
  onChange: (day: string | null) => void;
  error?: string;
  testId: string;
}) {
  const [text, setText] = useState(shown(value));
  const [lastValue, setLastValue] = useState(value);
  if (value !== lastValue) {
    // A shortcut changed the range: show its day.
    setLastValue(value);
    setText(shown(value));
  }
  const parsed = dayjs(text, documentFilterDateFormat, true);
  const invalid = text !== '' && !parsed.isValid();
  return (
    <TextInput
      label={label}
      value={text}
      placeholder={t('documents.dateFormatHint')}
      description={t('documents.dateFormatHint')}
      leftSection={<IconCalendar size={16} aria-hidden />}
      inputMode="numeric"
      maxLength={10}
      error={invalid && text.length >= 10 ? t('documents.dateInvalid') : error}
      data-testid={testId}
      onChange={(event) => {
        const next = event.currentTarget.value;
        setText(next);
        if (next === '') {
          setLastValue(null);
          onChange(null);
          return;
        }
        const day = dayjs(next, documentFilterDateFormat, true);
        if (day.isValid()) {
          const iso = day.format(isoDay);
          setLastValue(iso);
          onChange(iso);
        }
      }}
    />
  );
}

/**
 * Spec 001 §2 "Documents": the date filter (default the last 7 days, shortcuts 15 days and 1 month,
 * start not after end) and the list, newest first; each row downloads through a signed link.
 */
export function DocumentsList({ patientId }: { patientId: number }) {
  const documents = usePatientDocuments(patientId);
  const download = useDownloadDocument(patientId);
  const [range, setRange] = useState<DayRange>(() => defaultRange());
  const [shortcut, setShortcut] = useState<DocumentRangeShortcut | null>('last7Days');
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
            <DayField
              label={t('documents.from')}
              value={range.from}
              testId="documents-from"
              error={invalid ? t('documents.rangeInvalid') : undefined}
              onChange={(from) => {
                setShortcut(null);
                setRange((r) => ({ ...r, from }));
              }}
            />
            <DayField
              label={t('documents.to')}
              value={range.to}
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
