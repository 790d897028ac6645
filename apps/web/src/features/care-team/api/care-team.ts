import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  careTeamCalls,
  type CareTeamMember,
  type PatientCareTeam,
  type ProviderDirectoryResult,
} from '@dermis/contract';
import { useApiClient, type HttpClient } from '../../../lib/api';

/**
 * The spec's log texts (001 §8). They go to the console for whoever supports the portal; the
 * patient sees the clear messages of the catalog (careTeam.fetchFailed, searchFailed, saveFailed).
 */
export const careTeamLogTexts = {
  fetch: 'myCareTeam fetch failed...',
  search: 'Search nnpes failed...',
  save: 'Care Team saving failed, please try again ...',
} as const;

export function logCareTeamFailure(text: string, error: unknown) {
  console.error(text, error);
}

const careTeamKey = (patientId: number) => ['careTeam', patientId] as const;

/** GET careteam/getById/_rid/{patientId}. */
export function careTeamQuery(client: HttpClient, patientId: number) {
  return queryOptions({
    queryKey: careTeamKey(patientId),
    queryFn: async () => {
      try {
        return await client.call(careTeamCalls.get, { params: { id: String(patientId) } });
      } catch (error) {
        logCareTeamFailure(careTeamLogTexts.fetch, error);
        throw error;
      }
    },
  });
}

export function useCareTeam(patientId: number) {
  return useQuery(careTeamQuery(useApiClient(), patientId));
}

/**
 * POST careteam/save: the whole list, orders renumbered 1..n by the caller. The new order shows at
 * once (a dropped card must not jump back while the request runs); saves run one after another
 * (one mutation scope per patient), and a failure puts back what the server last confirmed.
 */
export function useSaveCareTeam(patientId: number) {
  const client = useApiClient();
  const queries = useQueryClient();
  const mutationKey = ['saveCareTeam', patientId];
  return useMutation({
    mutationKey,
    scope: { id: `saveCareTeam-${patientId}` },
    mutationFn: (members: CareTeamMember[]) =>
      client.call(careTeamCalls.save, {
        body: {
          patientId,
          patientCareTeam: {
            patientId,
            careTeamMembers: members.map((m) => ({ ...m, id: m.id > 0 ? m.id : null })),
          },
        },
      }),
    onMutate: async (members: CareTeamMember[]) => {
      await queries.cancelQueries({ queryKey: careTeamKey(patientId) });
      const previous = queries.getQueryData<PatientCareTeam>(careTeamKey(patientId));
      queries.setQueryData<PatientCareTeam>(careTeamKey(patientId), { patientId, careTeamMembers: members });
      return { previous };
    },
    onSuccess: (team: PatientCareTeam) => {
      // A later save already showed a newer list: leave it, its own answer comes next.
      if (queries.isMutating({ mutationKey }) <= 1) queries.setQueryData(careTeamKey(patientId), team);
    },
    onError: (error, _members, context) => {
      logCareTeamFailure(careTeamLogTexts.save, error);
      if (context?.previous) queries.setQueryData(careTeamKey(patientId), context.previous);
      void queries.invalidateQueries({ queryKey: careTeamKey(patientId) });
    },
  });
}

/** POST nppes/search (spec 001 §7): type PROVIDER, limit 30. */
export async function searchProviders(
  client: HttpClient,
  searchText: string,
): Promise<ProviderDirectoryResult[]> {
  try {
    return await client.call(careTeamCalls.searchProviders, {
      body: { searchText, lightBean: true, type: 'PROVIDER', limit: 30 },
    });
  } catch (error) {
    logCareTeamFailure(careTeamLogTexts.search, error);
    throw error;
  }
}
