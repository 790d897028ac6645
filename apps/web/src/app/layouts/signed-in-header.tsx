import { useLocation } from 'react-router';
import { Container, Stack } from '@mantine/core';
import type { UserProfile } from '@dermis/contract';
import { actingPatientId } from '../../features/navigation/acting-for';
import { ActingForBanner } from '../../features/navigation/components/acting-for-banner';
import { TopNav } from '../../features/navigation/components/top-nav';
import { useAppConfig } from '../../lib/config/app-config';
import { useAccountLanguage } from './use-account-language';
import { useCurrentUserSync } from './use-current-user-sync';

export function SignedInHeader({ user }: { user: UserProfile }) {
  useCurrentUserSync(user);
  useAccountLanguage(user);
  const location = useLocation();
  const isDevelopment = useAppConfig()?.environment === 'development';
  const actingFor = actingPatientId(location.pathname, user.id);
  return (
    <Container size="lg">
      <Stack gap="xs" pb={actingFor === null ? 0 : 'sm'}>
        {/* Unfinished appointments arrive with the appointments issue; until then the list is empty. */}
        <TopNav user={user} isDevelopment={isDevelopment} notices={[]} actingPatientId={actingFor} />
        {actingFor !== null && (
          <ActingForBanner patientId={actingFor} responsibleFor={user.responsibleForPatients} />
        )}
      </Stack>
    </Container>
  );
}
