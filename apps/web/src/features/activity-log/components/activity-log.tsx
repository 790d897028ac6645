import { Table, Text } from '@mantine/core';
import { t } from '../../../lib/i18n';
import { useActivityLog } from '../api/get-activity-log';
import { actionText, activityDate, gmtOffset } from '../format';

/** Spec 000 §2 "Activity Log": the table of one patient's log (the guard on the server limits it). */
export function ActivityLog({ patientId }: { patientId: number }) {
  const log = useActivityLog(patientId);

  if (log.isPending) return <Text>{t('app.loading')}</Text>;
  if (log.isError)
    return (
      <Text role="alert" c="red.9">
        {t('activityLog.fetchFailed')}
      </Text>
    );
  if (log.data.length === 0) return <Text data-testid="activity-log-empty">{t('activityLog.empty')}</Text>;

  return (
    // No minimum width: the three columns wrap on a phone rather than hide off-screen (issue 7).
    <Table striped data-testid="activity-log-table">
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{t('activityLog.patientName')}</Table.Th>
          <Table.Th scope="col">{t('activityLog.action')}</Table.Th>
          <Table.Th scope="col">{t('activityLog.dateTime', { offset: gmtOffset() })}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {log.data.map((entry, index) => (
          <Table.Tr key={`${entry.date}-${index}`}>
            <Table.Td>{`${entry.firstName} ${entry.lastName}`}</Table.Td>
            <Table.Td>{actionText(entry)}</Table.Td>
            <Table.Td>{activityDate(entry.date)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
