import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import {
  consentsCalls,
  appointmentsCalls,
  pastVisitsPageSize,
  upcomingVisitsPageSize,
  type Consent,
  type Encounter,
  type EncountersResponse,
  type GetEncountersByFilterRequest,
  type UpdateConsentRequest,
} from '@dermis/contract';
import { useApiClient, type HttpClient } from '../../../lib/api';
import { takeEarlyNow } from '../../../lib/api/early-answers';

export type { Consent };
/** A visit as encounter/getByFilter answers it: providers, clinic, education and consents. */
export type Appointment = Encounter;

export const appointmentKeys = {
  all: (patientId: number) => ['encounters', patientId] as const,
  upcoming: (patientId: number) => ['encounters', patientId, 'upcoming'] as const,
  past: (patientId: number) => ['encounters', patientId, 'past'] as const,
  unfinished: (patientId: number) => ['encounters', patientId, 'unfinished'] as const,
};

/**
 * The visit lists show only the consents still to sign (`unsignedConsents`, each whole, its text for
 * the signing modal): they ask without the whole `consents` list, which would repeat each of them
 * (decision 287).
 */
function getByFilter(client: HttpClient, body: GetEncountersByFilterRequest) {
  return client.call(appointmentsCalls.getByFilter, { body: { ...body, consents: false } });
}

/**
 * "Now", the bound between the two lists. Each list's first request in this page takes the instant the
 * page's inline script used for the same request, while it is recent, so the request is byte for byte
 * the one the script sent and its answer is taken (decision 331): "now" is then the page's arrival,
 * seconds earlier. Every later request (a refetch, 'Show more', coming back to the screen) reads the
 * clock.
 */
function visitListNow(list: 'upcoming' | 'past'): string {
  return (takeEarlyNow(`appointments.${list}`) ?? new Date()).toISOString();
}

/**
 * Upcoming: from now on, oldest first, with the consents still to sign (spec 002 §7 updateConsents),
 * `upcomingVisitsPageSize` at a time (decision 254); 'Show more' asks for the page after the last
 * visit shown by the answer's cursor, so the visits already shown are not read again (decision 287).
 * `total` tells how many there are in all.
 */
export function useUpcomingAppointments(patientId: number) {
  const client = useApiClient();
  return useInfiniteQuery({
    queryKey: appointmentKeys.upcoming(patientId),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) =>
      getByFilter(client, {
        patientId,
        dateSelection: 'SPECIFY_RANGE',
        dateOfServiceRangeLow: visitListNow('upcoming'),
        updateConsents: true,
        limit: upcomingVisitsPageSize,
        cursor: pageParam,
      }),
    getNextPageParam: (last) => last.nextCursor ?? null,
  });
}

/**
 * Past visits (spec 002 §2): before now, newest first; the server leaves out visits without any
 * encounter role entry. `limit` grows by 2 per 'Load More'; the previous page stays on screen while
 * the longer one loads, and `total` tells whether more exist.
 */
export function usePastVisits(patientId: number, limit: number = pastVisitsPageSize) {
  const client = useApiClient();
  return useQuery({
    queryKey: [...appointmentKeys.past(patientId), limit],
    queryFn: () =>
      getByFilter(client, {
        patientId,
        dateSelection: 'SPECIFY_RANGE',
        dateOfServiceRangeHigh: visitListNow('past'),
        sortOrder: 'DESC',
        limit,
      }),
    placeholderData: keepPreviousData,
  });
}

/**
 * Visits whose screening is still open (spec 000 Notifications dropdown, start-up modal): the server
 * decides which (appts-server decision 100: upcoming within 30 days, history not finished), soonest
 * first.
 */
export function useUnfinishedVisits(patientId: number, enabled = true) {
  const client = useApiClient();
  return useQuery({
    queryKey: appointmentKeys.unfinished(patientId),
    enabled,
    queryFn: async () => {
      const answer = await client.call(appointmentsCalls.getUnfinished, { body: { patientId } });
      return answer.encounters;
    },
  });
}

/** encounter/setHistoryFinished, then the unfinished list reloads (spec 002 §4). */
export function useSetHistoryFinished(patientId: number) {
  const client = useApiClient();
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (encounterId: number) =>
      client.call(appointmentsCalls.setHistoryFinished, { body: { encounterId, historyFinished: true } }),
    onSuccess: () => queries.invalidateQueries({ queryKey: appointmentKeys.all(patientId) }),
  });
}

export const signerCosignerType = 'PATIENT_OR_LEGAL_GUARDIAN' as const;

/**
 * Spec 002 §4: status PENDING, dateModified now, the signature on the PATIENT_OR_LEGAL_GUARDIAN
 * cosigner (added when the consent has none), the whole consent sent.
 */
export function signedConsent(
  value: Consent,
  signature: string,
  now: Date = new Date(),
): Consent & { status: 'PENDING' } {
  const has = value.cosigners.some((cosigner) => cosigner.type === signerCosignerType);
  const cosigners = has
    ? value.cosigners.map((cosigner) =>
        cosigner.type === signerCosignerType ? { ...cosigner, signature } : cosigner,
      )
    : [...value.cosigners, { type: signerCosignerType, signature }];
  return { ...value, status: 'PENDING', dateModified: now.toISOString(), cosigners };
}

/** Spec 002 §5: the PNG's base64 without its 22-character 'data:image/png;base64,' prefix. */
export function stripDataUrl(dataUrl: string): string {
  const prefix = 'data:image/png;base64,';
  return dataUrl.startsWith(prefix) ? dataUrl.slice(prefix.length) : dataUrl;
}

/** consent/update with the whole consent; on success it leaves every unsigned list at once. */
export function useSignConsent(patientId: number) {
  const client = useApiClient();
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateConsentRequest) => client.call(consentsCalls.update, { body }),
    onSuccess: (_answer, { consent: signed }) => {
      // Whichever page of the upcoming list holds the visit.
      queries.setQueryData<InfiniteData<EncountersResponse>>(appointmentKeys.upcoming(patientId), (old) =>
        old
          ? {
              ...old,
              pages: old.pages.map((page) => ({
                ...page,
                encounters: page.encounters.map((visit) => ({
                  ...visit,
                  unsignedConsents: visit.unsignedConsents.filter((item) => item.id !== signed.id),
                })),
              })),
            }
          : old,
      );
      return queries.invalidateQueries({ queryKey: appointmentKeys.all(patientId) });
    },
  });
}
