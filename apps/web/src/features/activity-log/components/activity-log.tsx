import type { ActivityLogEntry } from '@dermis/contract';
import { Text } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { TableSkeleton } from '../../../components/skeletons';
import { t } from '../../../lib/i18n';
import { useActivityLog } from '../api/get-activity-log';
import { actionText, activityDate, gmtOffset } from '../format';

function columns(): DataTableColumn<ActivityLogEntry>[] {
  return [
    {
      key: 'name',
      header: t('activityLog.patientName'),
      cell: (entry) => (
        <>
          {`${entry.firstName} ${entry.lastName}`}
          {/* A responsible person acted for the patient: who, beside the patient's name. */}
          {entry.actedByFullName !== null && (
            <>
              {' '}
              <Text span size="sm" c="dimmed" fw={400} data-testid="activity-acted-by">
                {t('activityLog.actedBy', { name: entry.actedByFullName })}
              </Text>
            </>
          )}
        </>
      ),
      primary: true,
    },
    { key: 'action', header: t('activityLog.action'), cell: actionText },
    {
      key: 'date',
      header: t('activityLog.dateTime', { offset: gmtOffset() }),
      cell: (entry) => activityDate(entry.date),
    },
  ];
}

/** Spec 000 §2 "Activity Log": the table of one patient's log (the guard on the server limits it). */
export function ActivityLog({ patientId }: { patientId: number }) {
  const log = useActivityLog(patientId);

  if (log.isPending) return <TableSkeleton columns={3} />;
  if (log.isError)
    return (
      <Text role="alert" c="red.9">
        {t('activityLog.fetchFailed')}
      </Text>
    );

  return (
    <DataTable
      label={t('page.activityLog')}
      columns={columns()}
      rows={log.data}
      rowKey={(entry, index) => `${entry.date}-${index}`}
      testId="activity-log-table"
      empty={<EmptyState icon={IconHistory} message={t('activityLog.empty')} testId="activity-log-empty" />}
    />
  );
}
