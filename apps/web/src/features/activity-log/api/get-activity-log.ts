import { queryOptions, useQuery } from '@tanstack/react-query';
import { activityLogCalls, type ActivityLogEntry } from '@dermis/contract';
import { useApiClient, type HttpClient } from '../../../lib/api';

/** GET patient/activityLog/_rid/{id}: the log of the patient being viewed (self or acted for). */
export function getActivityLog(client: HttpClient, patientId: number): Promise<ActivityLogEntry[]> {
  return client.call(activityLogCalls.list, { params: { id: String(patientId) } });
}

export function activityLogQuery(client: HttpClient, patientId: number) {
  return queryOptions({
    queryKey: ['activity-log', patientId],
    queryFn: () => getActivityLog(client, patientId),
  });
}

export function useActivityLog(patientId: number) {
  const client = useApiClient();
  return useQuery(activityLogQuery(client, patientId));
}
