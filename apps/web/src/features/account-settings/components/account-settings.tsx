import { Stack } from '@mantine/core';
import { useSession } from '../../../lib/session';
import { PasswordRow } from './password-row';
import { UsernameRow } from './username-row';

/** Spec 000 §2 "Account Settings": the username and password rows of the signed-in user. */
export function AccountSettings() {
  const user = useSession().user;
  if (!user) return null;
  return (
    <Stack gap="md">
      <UsernameRow user={user} />
      <PasswordRow user={user} />
    </Stack>
  );
}
