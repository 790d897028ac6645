import { useState } from 'react';
import { Stack, Text } from '@mantine/core';
import { useApiClient } from '../../../lib/api';
import { QueryScope } from '../../../lib/api/query-scope';
import { AppModal } from '../../../components/app-modal';
import { t, tPlural } from '../../../lib/i18n';
import { decodeJwt, useSession } from '../../../lib/session';
import { addLoginProfile, sendLoginEmailCode, verifyLoginProfile } from '../api/login-two-step';
import { ErrorModal } from './error-modal';
import { ProfileSetup } from './profile-setup';
import { SignInCodeModal, type CurrentProfile } from './sign-in-code-modal';

interface TwoStepSignInProps {
  /** The second sign-in step (features/auth); resolves once signed in, rejects on a wrong code. */
  submitCode: (profileId: number, code: string) => Promise<unknown>;
  /** Closing a modal resets the sign-in: the session is cleared and the form shows again. */
  reset: () => void;
}

/**
 * The modals of a two-step sign-in (spec 000 §2, §9): setup first when the practice requires
 * two-step and the user has no profile yet, then the one-time-code modal.
 */
export function TwoStepSignIn(props: TwoStepSignInProps) {
  // /login has no query client until a chunk that queries creates it (lib/api/query-loader.tsx).
  return (
    <QueryScope>
      <TwoStepModals {...props} />
    </QueryScope>
  );
}

function TwoStepModals({ submitCode, reset }: TwoStepSignInProps) {
  const { tempToken, twoStep } = useSession();
  const client = useApiClient();
  const [setUp, setSetUp] = useState<{ token: string; profile: CurrentProfile } | null>(null);
  const [error, setError] = useState<string | null>(null);

  const errorModal = <ErrorModal message={error} onClose={() => setError(null)} />;
  if (!tempToken || !twoStep) return errorModal;

  const justSetUp = setUp?.token === tempToken ? setUp.profile : null;
  const preferred: CurrentProfile | null =
    justSetUp ??
    (twoStep.preferredProfileId !== null && twoStep.preferredProfileType
      ? { id: twoStep.preferredProfileId, type: twoStep.preferredProfileType }
      : null);

  if (!preferred) {
    const claims = decodeJwt(tempToken);
    const minutes = claims?.exp && claims.iat ? Math.floor((claims.exp - claims.iat) / 60) : 0;
    return (
      <>
        <AppModal opened onClose={reset} title={t('twoStep.setup.title')}>
          <Stack gap="md">
            <Text>{t('twoStep.setup.required')}</Text>
            <Text fw={600}>{tPlural('twoStep.setup.time', minutes, { minutes })}</Text>
            <ProfileSetup
              types={['AUTH_APP', 'EMAIL']}
              calls={{
                add: (input) => addLoginProfile(client, tempToken, { ...input, preferred: true }),
                verify: (id, code) => verifyLoginProfile(client, tempToken, id, code),
                resend: (id) => sendLoginEmailCode(client, tempToken, id, 'resend'),
              }}
              errorKeys={{
                add: 'twoStep.error.addLogin',
                verify: 'twoStep.error.verify',
                resend: 'twoStep.error.resend',
              }}
              onVerified={(id, type) => {
                // The setup code is spent; an e-mail profile gets a fresh code for the sign-in itself.
                if (type === 'EMAIL')
                  void sendLoginEmailCode(client, tempToken, id, 'send').catch(() =>
                    setError(t('twoStep.error.resend')),
                  );
                setSetUp({ token: tempToken, profile: { id, type } });
              }}
              onAddFailed={(message) => {
                // A failed add-profile request closes both modals (spec 000 §2).
                reset();
                setError(message);
              }}
              onError={setError}
            />
          </Stack>
        </AppModal>
        {errorModal}
      </>
    );
  }

  return (
    <>
      <SignInCodeModal
        key={`${tempToken}-${preferred.id}`}
        tempToken={tempToken}
        profile={preferred}
        submitCode={submitCode}
        onClose={reset}
        onError={setError}
      />
      {errorModal}
    </>
  );
}
