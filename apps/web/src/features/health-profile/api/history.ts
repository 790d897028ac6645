import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  healthProfileCalls,
  listSections,
  type HistorySection,
  type HistoryTotals,
  type ListSection,
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

/**
 * POST subjective/getPatientSubjectiveAndTemplateItems: every history item of the patient (or the
 * part asked), and the templates unless `templates: false` (the web reads them from the contract).
 */
export function getHistory(
  client: HttpClient,
  context: HistoryContext,
  part: { limit?: number; section?: ListSection; templates?: false } = {},
): Promise<PatientSubjectiveItemsResponse> {
  return client.call(healthProfileCalls.getItems, {
    body: {
      type: 'HISTORY',
      patientId: context.patientId,
      complaintId: context.complaintId ?? null,
      providerId: context.providerId ?? null,
      ...part,
    },
  });
}

/** How many of each list the My Health Profile page shows on first load (decision 257). */
export const historyNewest = 20;

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

/** The newest `historyNewest` of each list and every list's total: what the profile page shows first. */
export function newestHistoryQuery(client: HttpClient, patientId: number) {
  return queryOptions({
    queryKey: ['health-history', patientId, 'newest', historyNewest],
    queryFn: () => getHistory(client, { patientId }, { limit: historyNewest, templates: false }),
  });
}

export function useNewestHistory(patientId: number) {
  const client = useApiClient();
  return useQuery(newestHistoryQuery(client, patientId));
}

/** One list whole: what an editor of that list must hold before it can save it (a save replaces it). */
export function historySectionQuery(client: HttpClient, patientId: number, section: ListSection) {
  return queryOptions({
    queryKey: ['health-history', patientId, 'section', section],
    queryFn: () => getHistory(client, { patientId }, { section, templates: false }),
  });
}

export function useHistorySection(patientId: number, section: ListSection, enabled: boolean) {
  const client = useApiClient();
  return useQuery({ ...historySectionQuery(client, patientId, section), enabled });
}

/**
 * A saved (whole) answer as a limited or one-list read would have answered it: the items are in the
 * server's order (each list as entered), so a list's newest are its last. Saves update every cached
 * read of the patient at once with this, and no list shows its old state while it is asked again.
 */
export function partOf(
  saved: PatientSubjectiveItemsResponse,
  part: { limit?: number; section?: ListSection },
): PatientSubjectiveItemsResponse {
  const totals = Object.fromEntries(
    listSections.map((s) => [s, saved.items.filter((i) => i.sectionId === s).length]),
  ) as HistoryTotals;
  const seen = new Map<HistorySection, number>();
  const kept = [...saved.items].reverse().filter((item) => {
    if (part.section && item.sectionId !== part.section) return false;
    if (part.limit === undefined || !(listSections as readonly string[]).includes(item.sectionId))
      return true;
    const count = (seen.get(item.sectionId) ?? 0) + 1;
    seen.set(item.sectionId, count);
    return count <= part.limit;
  });
  return { ...saved, items: kept.reverse(), totals };
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
    onSuccess: (saved) => {
      queryClient.setQueryData(historyQuery(client, context).queryKey, saved);
      queryClient.setQueryData(
        newestHistoryQuery(client, context.patientId).queryKey,
        partOf(saved, { limit: historyNewest }),
      );
      for (const section of listSections) {
        const key = historySectionQuery(client, context.patientId, section).queryKey;
        if (queryClient.getQueryData(key)) queryClient.setQueryData(key, partOf(saved, { section }));
      }
    },
  });
}
