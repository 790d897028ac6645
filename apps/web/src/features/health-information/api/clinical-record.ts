import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { clinicalRecordCalls } from '@dermis/contract';
import { useApiClient } from '../../../lib/api';

/** The page's range as the export sends it (start of the From day, the day after To), both UTC. */
export interface RecordRange {
  from?: string;
  to?: string;
}

/** The results, vital signs, immunizations, notes and plan of care of the range. */
export function useClinicalRecord(patientId: number, range: RecordRange) {
  const client = useApiClient();
  return useQuery({
    queryKey: ['clinicalRecord', patientId, range.from ?? null, range.to ?? null],
    queryFn: () =>
      client.call(clinicalRecordCalls.getRecord, {
        params: { id: String(patientId) },
        query: { ...(range.from ? { from: range.from } : {}), ...(range.to ? { to: range.to } : {}) },
      }),
    placeholderData: (previous) => previous,
  });
}

/** Marks a result read by the signed-in person once it is opened. */
export function useMarkResultRead(patientId: number) {
  const client = useApiClient();
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (resultId: number) =>
      client.call(clinicalRecordCalls.markResultRead, { body: { patientId, resultId } }),
    onSuccess: () => queries.invalidateQueries({ queryKey: ['clinicalRecord', patientId] }),
  });
}
