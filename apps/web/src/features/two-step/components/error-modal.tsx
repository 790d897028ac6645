import { ErrorModal as SharedErrorModal } from '../../../components/error-modal';
import { t } from '../../../lib/i18n';

interface ErrorModalProps {
  message: string | null;
  onClose: () => void;
}

/** Spec 000 §8: two-step failures are shown in a modal with OK (above the code modal). */
export function ErrorModal({ message, onClose }: ErrorModalProps) {
  return (
    <SharedErrorModal
      message={message}
      onClose={onClose}
      title={t('twoStep.errorTitle')}
      zIndex={400}
      testId="two-step-error"
    />
  );
}
