import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { prescriptionListPageSize, prescriptionsCalls, type Prescription } from '@dermis/contract';
import { useApiClient } from '../../../lib/api';

/**
 * POST prescription/getHistory {patientId}: the prescriptions the clinic wrote (read-only), ACTIVE
 * first, `prescriptionListPageSize` at a time; the next page by the answer's cursor (decision 255).
 */
export function usePrescriptions(patientId: number) {
  const client = useApiClient();
  return useInfiniteQuery({
    queryKey: ['prescriptions', patientId],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) =>
      client.call(prescriptionsCalls.getHistory, {
        body: {
          patientId,
          limit: prescriptionListPageSize,
          ...(pageParam === null ? {} : { cursor: pageParam }),
        },
      }),
    getNextPageParam: (last) => last.nextCursor ?? null,
  });
}

/** POST prescription/getPatientEducationMonograph for one prescription's drug, as plain text. */
export function useMonograph(prescription: Prescription | null) {
  const client = useApiClient();
  return useQuery({
    queryKey: ['monograph', prescription?.fdbId, prescription?.fdbDrugType],
    enabled: prescription !== null,
    retry: false,
    queryFn: () =>
      client.call(prescriptionsCalls.getEducationMonograph, {
        body: {
          fdbId: prescription?.fdbId ?? '',
          fdbDrugType: prescription?.fdbDrugType ?? '',
          monographFormat: 'TEXT_PLAIN',
        },
      }),
  });
}
