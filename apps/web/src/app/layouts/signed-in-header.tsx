import { useLocation } from 'react-router';
import { Container, Stack } from '@mantine/core';
import type { UserProfile } from '@dermis/contract';
import { useUnfinishedVisits } from '../../features/appointments/api/appointments';
import { StartupModal } from '../../features/appointments/components/startup-modal';
import { unfinishedNotices } from '../../features/appointments/notices';
import { actingPatientId } from '../../features/navigation/acting-for';
import { ActingForBanner } from '../../features/navigation/components/acting-for-banner';
import { useUnreadCount } from '../../features/messages/api/messages';
import { TopNav } from '../../features/navigation/components/top-nav';
import { useAppConfig } from '../../lib/config/app-config';
import { QueryScope } from '../../lib/api/query-scope';
import { useAccountLanguage } from './use-account-language';
import { useCurrentUserSync } from './use-current-user-sync';

/** The signed-in navigation; its menus and notices query, so it brings the query client (query-scope.tsx). */
export function SignedInHeader({ user }: { user: UserProfile }) {
  return (
    <QueryScope>
      <SignedInNavigation user={user} />
    </QueryScope>
  );
}

function SignedInNavigation({ user }: { user: UserProfile }) {
  useCurrentUserSync(user);
  useAccountLanguage(user);
  const location = useLocation();
  // Development alone is not enough: the quick start runs in development (DEV_MENU on the server).
  const isDevelopment = useAppConfig()?.developmentMenu === true;
  const actingFor = actingPatientId(location.pathname, user.id);
  const unfinished = useUnfinishedVisits(user.id);
  const inWizard = /^\/(first-time-login|screening)(\/|$)/.test(location.pathname);
  // The viewed patient's unread count; it follows the inbox's own refreshes (no polling here).
  const unreadMessages = useUnreadCount(actingFor ?? user.id);
  return (
    <Container size="lg">
      <Stack gap="xs" pb={actingFor === null ? 0 : 'sm'}>
        <TopNav
          user={user}
          isDevelopment={isDevelopment}
          notices={unfinishedNotices(unfinished.data ?? [])}
          actingPatientId={actingFor}
          unreadMessages={unreadMessages}
        />
        {actingFor !== null && (
          <ActingForBanner patientId={actingFor} responsibleFor={user.responsibleForPatients} />
        )}
      </Stack>
      <StartupModal
        patientId={user.id}
        firstName={user.firstName}
        unfinished={unfinished.data}
        suppressed={inWizard || actingFor !== null}
      />
    </Container>
  );
}
