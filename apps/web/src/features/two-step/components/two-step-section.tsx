import { useState } from 'react';
import { Button, Group, Paper, Text } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import type { TwoStepProfile } from '@dermis/contract';
import { EmptyState } from '../../../components/empty-state';
import { SectionCard } from '../../../components/section-card';
import { ListSkeleton } from '../../../components/skeletons';
import { t } from '../../../lib/i18n';
import { decodeJwt, useSession } from '../../../lib/session';
import { useAvailableTypes } from '../api/get-available-types';
import { useTwoStepProfiles } from '../api/get-profiles';
import { useSetPreferred } from '../api/set-preferred';
import { twoStepErrorText } from '../error-text';
import { AddProfileModal } from './add-profile-modal';
import { DeleteProfileModal } from './delete-profile-modal';
import { ErrorModal } from './error-modal';

/** The 2-Step Verification Profile section of /account/settings (spec 000 §3, §9). */
export function TwoStepSection() {
  const session = useSession();
  const userId = session.accessToken ? decodeJwt(session.accessToken)?.userId : undefined;
  const profiles = useTwoStepProfiles();
  const types = useAvailableTypes();
  const setPreferred = useSetPreferred();
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const list = profiles.data?.profiles ?? [];
  const available = types.data?.available2FATypes ?? [];
  const remaining = available.filter((type) => !list.some((p) => p.type === type));
  const loading = profiles.isPending || types.isPending;
  const loadError = profiles.isError
    ? twoStepErrorText(profiles.error, 'twoStep.error.fetchActive')
    : types.isError
      ? twoStepErrorText(types.error, 'twoStep.error.types')
      : null;

  function prefer(profile: TwoStepProfile) {
    setPreferred.mutate(profile.id, {
      onError: (failure) => setError(twoStepErrorText(failure, 'twoStep.error.setPreferred')),
    });
  }

  const canAdd = !loading && !loadError && remaining.length > 0 && userId !== undefined;
  return (
    <SectionCard
      title={t('twoStep.heading')}
      testId="two-step-section"
      actions={
        canAdd ? (
          <Button onClick={() => setAdding(true)} data-testid="two-step-add">
            {t('twoStep.add')}
          </Button>
        ) : undefined
      }
    >
      {loading ? <ListSkeleton rows={1} label={t('twoStep.loading')} /> : null}
      {loadError ? (
        <Text c="red.8" role="alert">
          {loadError}
        </Text>
      ) : null}
      {!loading && list.length === 0 && !loadError ? (
        <EmptyState icon={IconShieldLock} message={t('twoStep.none')} />
      ) : null}
      {list.map((profile) => (
        <Paper key={profile.id} withBorder p="sm" data-testid={`two-step-profile-${profile.type}`}>
          <Group justify="space-between" wrap="wrap">
            <div>
              <Text fw={600}>
                {profile.type === 'AUTH_APP' ? t('twoStep.authAppName') : t('twoStep.emailName')}
              </Text>
              {profile.type === 'EMAIL' && profile.value ? <Text size="sm">{profile.value}</Text> : null}
            </div>
            <Group gap="xs">
              {profile.preferred ? (
                <Text size="sm" fw={600} c="teal.9">
                  {t('twoStep.preferred')}
                </Text>
              ) : available.length > 1 ? (
                <Button
                  variant="light"
                  size="xs"
                  loading={setPreferred.isPending}
                  onClick={() => prefer(profile)}
                >
                  {t('twoStep.setPreferred')}
                </Button>
              ) : null}
              <Button
                variant="outline"
                color="red.9"
                size="xs"
                onClick={() => setDeleting(profile.id)}
                aria-label={`${t('twoStep.delete')} ${profile.type === 'AUTH_APP' ? t('twoStep.authAppName') : t('twoStep.emailName')}`}
                data-testid={`two-step-delete-${profile.type}`}
              >
                {t('twoStep.delete')}
              </Button>
            </Group>
          </Group>
        </Paper>
      ))}
      {userId !== undefined ? (
        <AddProfileModal
          opened={adding}
          userId={userId}
          preferred={list.length === 0}
          types={remaining}
          onClose={() => setAdding(false)}
          onError={setError}
        />
      ) : null}
      <DeleteProfileModal profileId={deleting} onClose={() => setDeleting(null)} onError={setError} />
      <ErrorModal message={error} onClose={() => setError(null)} />
    </SectionCard>
  );
}
