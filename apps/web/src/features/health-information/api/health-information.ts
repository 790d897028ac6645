import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import {
  healthInformationCalls,
  type ExportAction,
  type ExportCcdaResponse,
  type HealthInfoList,
} from '@dermis/contract';
import { useApiClient, type HttpClient } from '../../../lib/api';

/**
 * How many of allergies, medications and problems the page asks for first (decision 266): a
 * screen's worth. A long history answered a thousand names at once; "Show all" asks for the rest.
 */
export const healthInfoFirstLimit = 20;

/** GET patient/healthInfo/_rid/{id}?limit=20: the five sections, each list's newest and its total. */
export function healthInfoQuery(client: HttpClient, patientId: number) {
  return queryOptions({
    queryKey: ['healthInfo', patientId],
    queryFn: () =>
      client.call(healthInformationCalls.get, {
        params: { id: String(patientId) },
        query: { limit: String(healthInfoFirstLimit) },
      }),
  });
}

export function useHealthInfo(patientId: number) {
  return useQuery(healthInfoQuery(useApiClient(), patientId));
}

/** One summary list whole, asked for once the patient chooses "Show all". */
export function useHealthInfoList(patientId: number, list: HealthInfoList, enabled: boolean) {
  const client = useApiClient();
  return useQuery({
    queryKey: ['healthInfo', patientId, 'list', list],
    queryFn: () =>
      client.call(healthInformationCalls.get, { params: { id: String(patientId) }, query: { list } }),
    enabled,
  });
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
