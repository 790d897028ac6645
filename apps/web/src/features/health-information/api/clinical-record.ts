import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { clinicalRecordCalls, type RecordSection } from '@dermis/contract';
import { useApiClient } from '../../../lib/api';

/** The page's range as the export sends it (start of the From day, the day after To), both UTC. */
export interface RecordRange {
  from?: string;
  to?: string;
}

/**
 * How many of each list the page asks for first: a screen's worth. A long record's whole answer
 * (hundreds of results) was the slowest call of any first load; "Show all" asks for the rest.
 */
export const recordFirstLimit = 20;

const rangeQuery = (range: RecordRange) => ({
  ...(range.from ? { from: range.from } : {}),
  ...(range.to ? { to: range.to } : {}),
});

/**
 * The newest of the results, vital signs, immunizations, notes and plan of care of the range, each
 * list's total, and the trend chart of `trend` (or the page's default test) with all its values.
 */
export function useClinicalRecord(patientId: number, range: RecordRange, trend: string | null) {
  const client = useApiClient();
  return useQuery({
    queryKey: ['clinicalRecord', patientId, range.from ?? null, range.to ?? null, trend],
    queryFn: () =>
      client.call(clinicalRecordCalls.getRecord, {
        params: { id: String(patientId) },
        query: {
          ...rangeQuery(range),
          limit: String(recordFirstLimit),
          ...(trend ? { trend } : {}),
        },
      }),
    placeholderData: (previous) => previous,
  });
}

/** One card's lists whole, asked for once the patient chooses "Show all". */
export function useRecordSection(
  patientId: number,
  range: RecordRange,
  section: RecordSection,
  enabled: boolean,
) {
  const client = useApiClient();
  return useQuery({
    queryKey: ['clinicalRecord', patientId, range.from ?? null, range.to ?? null, 'section', section],
    queryFn: () =>
      client.call(clinicalRecordCalls.getRecord, {
        params: { id: String(patientId) },
        query: { ...rangeQuery(range), section },
      }),
    enabled,
  });
}

/** One note's text and PDF, asked for once the patient opens it. */
export function useNoteContent(patientId: number, noteId: number) {
  const client = useApiClient();
  return useQuery({
    queryKey: ['clinicalRecord', patientId, 'note', noteId],
    queryFn: () =>
      client.call(clinicalRecordCalls.getNote, {
        params: { id: String(patientId), noteId: String(noteId) },
      }),
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
