import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  healthProfileCalls,
  type HistorySection,
  type PatientSubjectiveItemsResponse,
  type SubjectiveItemInput,
} from '@dermis/contract';
import { useApiClient, type HttpClient } from '../../../lib/api';

/** The encounter a screening runs for: its id goes as complaintId, its PROVIDER as providerId. */
export interface HistoryContext {
  patientId: number;
  complaintId?: number | null;
  providerId?: number | null;
}

/** POST subjective/getPatientSubjectiveAndTemplateItems: every history item of the patient, and the templates. */
export function getHistory(
  client: HttpClient,
  context: HistoryContext,
): Promise<PatientSubjectiveItemsResponse> {
  return client.call(healthProfileCalls.getItems, {
    body: {
      type: 'HISTORY',
      patientId: context.patientId,
      complaintId: context.complaintId ?? null,
      providerId: context.providerId ?? null,
    },
  });
}

export function historyQuery(client: HttpClient, context: HistoryContext) {
  return queryOptions({
    queryKey: ['health-history', context.patientId],
    queryFn: () => getHistory(client, context),
  });
}

export function useHistory(context: HistoryContext) {
  const client = useApiClient();
  return useQuery(historyQuery(client, context));
}

export interface SaveSections {
  items: SubjectiveItemInput[];
  /** The sections the save replaces (all of them hold exactly `items` afterwards). */
  sections: HistorySection[];
}

/**
 * POST subjective/savePatientSubjectiveItems: replaces the listed sections; the answer (the saved
 * state) becomes the cached history, so every list shows it at once.
 */
export function useSaveHistory(context: HistoryContext, screening = false) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ items, sections }: SaveSections) =>
      client.call(healthProfileCalls.saveItems, {
        body: {
          type: 'HISTORY',
          patientId: context.patientId,
          complaintId: context.complaintId ?? null,
          providerId: context.providerId ?? null,
          items,
          sections,
          generateResult: true,
          ...(screening ? { snomedModelType: 'HISTORY' as const } : {}),
        },
      }),
    onSuccess: (saved) => queryClient.setQueryData(historyQuery(client, context).queryKey, saved),
  });
}
