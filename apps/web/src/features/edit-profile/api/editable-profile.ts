import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { editProfileCalls, type EditableProfile, type ProfileUpdateInput } from '@dermis/contract';
import { useApiClient, type HttpClient } from '../../../lib/api';

/** GET patient/getEditableProfile/_rid/{id}: everything the edit-profile page shows. */
export function getEditableProfile(client: HttpClient, patientId: number): Promise<EditableProfile> {
  return client.call(editProfileCalls.getEditableProfile, { params: { id: String(patientId) } });
}

export function editableProfileQuery(client: HttpClient, patientId: number) {
  return queryOptions({
    queryKey: ['editable-profile', patientId],
    queryFn: () => getEditableProfile(client, patientId),
  });
}

export function useEditableProfile(patientId: number) {
  const client = useApiClient();
  return useQuery(editableProfileQuery(client, patientId));
}

/** POST patient/update: the form's profile in, the stored profile out. */
export function updateProfile(client: HttpClient, input: ProfileUpdateInput): Promise<EditableProfile> {
  return client.call(editProfileCalls.update, { body: input });
}

export function useUpdateProfile() {
  const client = useApiClient();
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfileUpdateInput) => updateProfile(client, input),
    onSuccess: (stored) => queries.setQueryData(['editable-profile', stored.id], stored),
  });
}
