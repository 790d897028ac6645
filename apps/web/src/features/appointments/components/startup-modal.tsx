import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, SimpleGrid, Text } from '@mantine/core';
import { webRoutes } from '@dermis/contract';
import { AppModal } from '../../../components/app-modal';
import { ErrorModal } from '../../../components/error-modal';
import { errorMessage } from '../../../lib/api';
import { t } from '../../../lib/i18n';
import { useSessionStore, useSession } from '../../../lib/session';
import { useSetHistoryFinished, type Appointment } from '../api/appointments';

/**
 * 'Dear {first name}' (spec 000 §2 "Start-up modal for unfinished screening", spec 002 §2): shown
 * once per sign-in (the session's notification-modal flag) while unfinished visits exist. 'My profile
 * is up to date' marks the first one's history finished (the list then reloads); 'Review my profile'
 * opens its screening.
 */
export function StartupModal({
  patientId,
  firstName,
  unfinished,
  suppressed,
}: {
  patientId: number;
  firstName: string;
  unfinished: readonly Appointment[] | undefined;
  /** On the wizard itself the question is moot; the flag stays unset so it asks on the next page. */
  suppressed: boolean;
}) {
  const store = useSessionStore();
  const shown = useSession().notificationModalShown;
  const navigate = useNavigate();
  const finish = useSetHistoryFinished(patientId);
  const [error, setError] = useState<string | null>(null);
  const first = unfinished?.[0];
  const close = () => store.setNotificationModalShown(true);

  return (
    <>
      <AppModal
        opened={!shown && !suppressed && first !== undefined}
        onClose={close}
        title={t('screeningReminder.title', { name: firstName })}
        testId="screening-reminder"
        // It greets on whatever page opens first, possibly late (the signed-in header is a chunk of
        // its own): it must not cover a dialog the user has opened meanwhile.
        waitForOtherModals
      >
        <Text>{t('screeningReminder.text')}</Text>
        {/* Side by side from a small tablet up; on a phone both full width, one above the other. */}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" mt="md">
          <Button
            variant="default"
            loading={finish.isPending}
            onClick={() => {
              if (!first) return;
              finish.mutate(first.id, {
                onSuccess: close,
                onError: (failure) => setError(errorMessage(failure, t('history.error.saving'))),
              });
            }}
          >
            {t('screeningReminder.upToDate')}
          </Button>
          <Button
            data-autofocus
            onClick={() => {
              if (!first) return;
              close();
              void navigate(`${webRoutes.screening}/${first.id}/basic-info`);
            }}
          >
            {t('screeningReminder.review')}
          </Button>
        </SimpleGrid>
      </AppModal>
      <ErrorModal message={error} onClose={() => setError(null)} />
    </>
  );
}
