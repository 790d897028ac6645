import { queryOptions, useQuery } from '@tanstack/react-query';
import { responsiblePersonsCalls, type ResponsiblePersonEntry } from '@dermis/contract';
import { useApiClient, type HttpClient } from '../../../lib/api';

/** GET patient/responsiblePersons/_rid/{id}: the active responsible persons of a patient. */
export function getResponsiblePersons(
  client: HttpClient,
  patientId: number,
): Promise<ResponsiblePersonEntry[]> {
  return client.call(responsiblePersonsCalls.list, { params: { id: String(patientId) } });
}

export function responsiblePersonsQuery(client: HttpClient, patientId: number) {
  return queryOptions({
    queryKey: ['responsible-persons', patientId],
    queryFn: () => getResponsiblePersons(client, patientId),
  });
}

export function useResponsiblePersons(patientId: number) {
  const client = useApiClient();
  return useQuery(responsiblePersonsQuery(client, patientId));
}
