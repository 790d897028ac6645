import { useQuery } from '@tanstack/react-query';
import { encounterProviderId, appointmentsCalls } from '@dermis/contract';
import { useApiClient } from '../../../lib/api';

/**
 * The PROVIDER of the encounter a screening runs for (spec 001 §6): its providerId goes with the
 * history calls. An encounter without one is only noted (spec §4: "only logged"); the screening
 * goes on without it.
 */
export function useEncounterProvider(patientId: number, encounterId: number | undefined) {
  const client = useApiClient();
  const encounters = useQuery({
    queryKey: ['encounters', patientId],
    enabled: encounterId !== undefined,
    // Only the provider is read: no consents (decision 287).
    queryFn: () =>
      client.call(appointmentsCalls.getByFilter, {
        body: { patientId, dateSelection: 'ALL', consents: false },
      }),
  });
  const encounter = encounters.data?.encounters.find((e) => e.id === encounterId);
  return {
    ready: encounterId === undefined || !encounters.isPending,
    providerId: encounter ? encounterProviderId(encounter) : null,
  };
}
