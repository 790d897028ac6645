import { queryOptions, useQuery } from '@tanstack/react-query';
import { patientCalls, type PatientProfile } from '@dermis/contract';
import { useApiClient, type HttpClient } from '../../../lib/api';

/** GET {servers.app}/patient/getDermisPatientById/_rid/{id}: the acted-for patient (a 403 leads to /forbidden). */
export function getPatientById(client: HttpClient, id: number): Promise<PatientProfile> {
  return client.call(patientCalls.getDermisPatientById, { params: { id: String(id) } });
}

export function patientByIdQuery(client: HttpClient, id: number) {
  return queryOptions({ queryKey: ['patient-by-id', id], queryFn: () => getPatientById(client, id) });
}

export function usePatientById(id: number | null) {
  const client = useApiClient();
  return useQuery({ ...patientByIdQuery(client, id ?? 0), enabled: id !== null });
}
