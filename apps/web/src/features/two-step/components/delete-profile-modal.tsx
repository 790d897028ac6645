import { useState } from 'react';
import { PasswordInput, Text } from '@mantine/core';
import { ConfirmModal } from '../../../components/confirm-modal';
import { isApiError } from '../../../lib/api';
import { t } from '../../../lib/i18n';
import { useDeleteProfile } from '../api/delete-profile';
import { twoStepErrorText } from '../error-text';

interface DeleteProfileModalProps {
  profileId: number | null;
  onClose: () => void;
  onError: (message: string) => void;
}

/** 'Delete 2-Step Verification Profile': asks for the login password (spec 000 §5). */
export function DeleteProfileModal({ profileId, onClose, onError }: DeleteProfileModalProps) {
  const remove = useDeleteProfile();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();

  function close() {
    setPassword('');
    setError(undefined);
    onClose();
  }

  function submit() {
    if (profileId === null) return;
    if (!password) {
      setError(t('validation.fieldRequired', { field: t('field.password') }));
      return;
    }
    remove.mutate(
      { id: profileId, password },
      {
        onSuccess: close,
        onError: (failure) => {
          // A wrong password keeps the modal (and what was typed) so it can be corrected.
          if (isApiError(failure) && failure.code === 'BAD_CREDENTIALS')
            setError(t('twoStep.error.badPassword'));
          else {
            close();
            onError(twoStepErrorText(failure, 'twoStep.error.delete'));
          }
        },
      },
    );
  }

  return (
    <ConfirmModal
      opened={profileId !== null}
      onClose={close}
      title={t('twoStep.deleteTitle')}
      onConfirm={submit}
      confirmLabel={t('twoStep.deleteConfirm')}
      cancelLabel={t('twoStep.cancel')}
      danger
      loading={remove.isPending}
      confirmTestId="two-step-delete-confirm"
    >
      <Text>{t('twoStep.deleteText')}</Text>
      <PasswordInput
        label={t('field.password')}
        autoComplete="current-password"
        value={password}
        error={error}
        required
        data-autofocus
        data-testid="two-step-delete-password"
        visibilityToggleButtonProps={{ 'aria-label': t('login.togglePassword') }}
        onChange={(event) => setPassword(event.currentTarget.value)}
      />
    </ConfirmModal>
  );
}
