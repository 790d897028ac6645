import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { healthInformationCalls, type ExportAction, type ExportCcdaResponse } from '@dermis/contract';
import { useApiClient, type HttpClient } from '../../../lib/api';

/** GET patient/healthInfo/_rid/{id}: the five sections of the page. */
export function healthInfoQuery(client: HttpClient, patientId: number) {
  return queryOptions({
    queryKey: ['healthInfo', patientId],
    queryFn: () => client.call(healthInformationCalls.get, { params: { id: String(patientId) } }),
  });
}

export function useHealthInfo(patientId: number) {
  return useQuery(healthInfoQuery(useApiClient(), patientId));
}

/** GET patient/fhir/getInviteCode?patientId= (only asked when the patient may use FHIR). */
export function useFhirInviteCode(patientId: number, enabled: boolean) {
  const client = useApiClient();
  return useQuery({
    queryKey: ['fhirInviteCode', patientId],
    enabled,
    retry: false,
    queryFn: () =>
      client.call(healthInformationCalls.fhirInviteCode, { query: { patientId: String(patientId) } }),
  });
}

export interface ExportVariables {
  action: ExportAction;
  /** As sent: start of day UTC and the chosen end day + 1 at midnight (contract exportStartOf / exportEndOf). */
  startDate?: string;
  endDate?: string;
}

/** POST patient/exportCCDAByFilter. */
export function useExportCcda(patientId: number) {
  const client = useApiClient();
  return useMutation({
    mutationFn: (variables: ExportVariables): Promise<ExportCcdaResponse> =>
      client.call(healthInformationCalls.exportCcda, { body: { patientId, ...variables } }),
  });
}
