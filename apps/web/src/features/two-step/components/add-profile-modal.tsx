import type { TwoFactorType } from '@dermis/contract';
import { AppModal } from '../../../components/app-modal';
import { t } from '../../../lib/i18n';
import { useAddProfile } from '../api/add-profile';
import { useResendCode } from '../api/resend-code';
import { useVerifyProfile } from '../api/verify-profile';
import { ProfileSetup } from './profile-setup';

interface AddProfileModalProps {
  opened: boolean;
  userId: number;
  /** The first profile becomes preferred. */
  preferred: boolean;
  types: TwoFactorType[];
  onClose: () => void;
  onError: (message: string) => void;
}

/** Adding a profile in account settings, in a modal (focus trapped, Escape closes). */
export function AddProfileModal({
  opened,
  userId,
  preferred,
  types,
  onClose,
  onError,
}: AddProfileModalProps) {
  const add = useAddProfile();
  const verify = useVerifyProfile();
  const resend = useResendCode();
  return (
    <AppModal opened={opened} onClose={onClose} title={t('twoStep.addTitle')}>
      {opened ? (
        <ProfileSetup
          types={types}
          calls={{
            add: (input) => add.mutateAsync({ ...input, userId, preferred }),
            verify: (id, code) => verify.mutateAsync({ id, code }),
            resend: (id) => resend.mutateAsync(id),
          }}
          errorKeys={{
            add: 'twoStep.error.add',
            verify: 'twoStep.error.verify',
            resend: 'twoStep.error.resend',
          }}
          onVerified={onClose}
          onAddFailed={(message) => {
            onClose();
            onError(message);
          }}
          onError={onError}
        />
      ) : null}
    </AppModal>
  );
}
