import { useMemo, useState } from 'react';
import type { DocumentRangeShortcut, PatientDocument } from '@dermis/contract';
import { documentFilterDateFormat, documentRangeShortcuts } from '@dermis/contract';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconDownload, IconFileText } from '@tabler/icons-react';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { DayPicker } from '../../../components/day-picker';
import { EmptyState } from '../../../components/empty-state';
import { ErrorModal } from '../../../components/error-modal';
import { SectionCard } from '../../../components/section-card';
import { ShowMore, useNextPageFocus } from '../../../components/show-more';
import { TableSkeleton } from '../../../components/skeletons';
import { t, tPlural } from '../../../lib/i18n';
import { useDocumentPages, useDownloadDocument, useHasDocuments } from '../api/documents';
import {
  defaultRange,
  defaultShortcut,
  documentDate,
  isRangeInvalid,
  shortcutRange,
  type DayRange,
} from '../date-range';

/**
 * Spec 001 §2 "Documents": the date filter (default the last 7 days, shortcuts 15 days and 1 month,
 * start not after end) and the list, newest first; each row downloads through a signed link. The
 * server filters by the range and answers a page at a time (decision 267): "Show more" reads the
 * next page and moves the focus to the first document it added.
 */
export function DocumentsList({ patientId }: { patientId: number }) {
  const download = useDownloadDocument(patientId);
  const [range, setRange] = useState<DayRange>(() => defaultRange());
  const [shortcut, setShortcut] = useState<DocumentRangeShortcut | null>(defaultShortcut);
  const [failure, setFailure] = useState<string | null>(null);
  const invalid = isRangeInvalid(range);
  const pages = useDocumentPages(patientId, range, !invalid);
  const documents = useMemo(() => pages.data?.pages.flatMap((page) => page.documents) ?? [], [pages.data]);
  // An empty range: does the patient have documents at all? ("none uploaded" or "none in range").
  const any = useHasDocuments(patientId, pages.isSuccess && documents.length === 0);
  const { listRef, showMore } = useNextPageFocus(documents, '[data-document-name]');

  const columns: DataTableColumn<PatientDocument>[] = [
    {
      key: 'name',
      header: t('documents.column.name'),
      // Focusable by script only: "Show more" moves the focus to the first name it added.
      cell: (d) => (
        <span tabIndex={-1} data-document-name>
          {d.name}
        </span>
      ),
      primary: true,
    },
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

      {pages.isPending && !invalid ? (
        <TableSkeleton columns={4} />
      ) : pages.isError && documents.length === 0 ? (
        <Text role="alert" c="red.9">
          {t('documents.fetchFailed')}
        </Text>
      ) : documents.length === 0 && any.isPending && !invalid ? (
        <TableSkeleton columns={4} />
      ) : documents.length === 0 && any.data === false ? (
        <EmptyState icon={IconFileText} message={t('documents.empty')} testId="documents-empty" />
      ) : (
        <Stack gap="sm" ref={listRef}>
          <DataTable
            label={t('documents.title')}
            columns={columns}
            rows={invalid ? [] : documents}
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
          {/* Only a range longer than a page says how much is shown: a short one looks as it always did. */}
          {!invalid && pages.data && (pages.data.pages.length > 1 || pages.hasNextPage) && (
            <ShowMore
              shown={tPlural('documents.shown', documents.length)}
              label={t('documents.showMore')}
              hasMore={pages.hasNextPage}
              loading={pages.isFetchingNextPage}
              failed={pages.isFetchNextPageError}
              failedText={t('documents.fetchFailed')}
              onMore={() => showMore(pages.fetchNextPage)}
              testId="documents"
            />
          )}
        </Stack>
      )}
      <ErrorModal message={failure} onClose={() => setFailure(null)} />
    </Stack>
  );
}
