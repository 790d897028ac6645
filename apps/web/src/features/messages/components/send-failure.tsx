import type { DirectMessage } from '@dermis/contract';
import { ErrorModal } from '../../../components/error-modal';
import { t } from '../../../lib/i18n';

/** What the compose and transmit screens' failure modal says. */
export interface SendFailure {
  title?: string;
  message: string;
}

/**
 * A send the server took but could not pass on (the answer is the sender's copy, FAILED with its
 * reason): told at once, with where the copy went, instead of leaving it to be found in Failed.
 */
export function notSent(copy: Pick<DirectMessage, 'status' | 'failureReason'>): SendFailure | null {
  if (copy.status !== 'FAILED') return null;
  return {
    title: t('messages.notSentTitle'),
    message: [t('messages.notSent'), copy.failureReason].filter(Boolean).join(' '),
  };
}

export function SendFailureModal({
  failure,
  onClose,
  testId,
}: {
  failure: SendFailure | null;
  onClose: () => void;
  testId?: string;
}) {
  return (
    <ErrorModal message={failure?.message ?? null} title={failure?.title} onClose={onClose} testId={testId} />
  );
}
