import { useMutation, useQueryClient } from '@tanstack/react-query';
import { confirmationTokenHeader, twoStepCalls } from '@dermis/contract';
import { useApiClient, type HttpClient } from '../../../lib/api';
import { profilesQueryKey } from './get-profiles';

/**
 * Deleting needs the login password: POST password/validate answers a confirmation token, which
 * POST mfa/userProfiles/deactivate requires in its ConfirmationToken header.
 */
export async function deleteProfile(client: HttpClient, id: number, password: string) {
  const { confirmationToken } = await client.call(twoStepCalls.validatePassword, { body: { password } });
  return client.call(
    twoStepCalls.deactivate,
    { body: { id } },
    { headers: { [confirmationTokenHeader]: confirmationToken } },
  );
}

export function useDeleteProfile() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, password }: { id: number; password: string }) => deleteProfile(client, id, password),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profilesQueryKey }),
  });
}
