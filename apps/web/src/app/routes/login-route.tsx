import { lazy, Suspense, useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Box } from '@mantine/core';
import { SignInForm } from '../../features/auth/components/sign-in-form';
import { useCodeSignIn } from '../../features/auth/use-sign-in';
import { LanguageSwitcher } from '../../components/language-switcher';
import { Page } from '../../components/page';
import { loadAllTexts, t } from '../../lib/i18n';
import { rememberAfterSetup } from '../../lib/navigation/after-setup';
import { readLoginState } from '../../lib/navigation/login-state';
import { isSignedIn, useSession, useSessionStore } from '../../lib/session';
import { returnPath, signInTarget } from '../guards/sign-in-target';

// The two-step modals (code boxes, setup, radio lists) are a chunk of their own, downloaded only
// when a sign-in asks for a second step: most sign-ins never need them. Their texts are not in the
// catalog /login carries, so the whole catalog comes with them.
const TwoStepSignIn = lazy(() =>
  Promise.all([import('../../features/two-step/components/sign-in-two-step'), loadAllTexts()]).then(
    ([m]) => ({ default: m.TwoStepSignIn }),
  ),
);

export function LoginRoute() {
  const session = useSession();
  const location = useLocation();
  const state = readLoginState(location.state);
  const store = useSessionStore();
  const codeSignIn = useCodeSignIn();
  // Once a second step has started, the modals stay mounted (their error modal outlives a reset).
  const [twoStepStarted, setTwoStepStarted] = useState(false);
  if (session.tempToken && !twoStepStarted) setTwoStepStarted(true);

  if (isSignedIn(session)) {
    const target = signInTarget(state.from, session.user);
    // Setup first; the page that waits (a health app's request) comes after it.
    const waiting = returnPath(state.from);
    if (!session.user.dermisFirstTimeSetupComplete && waiting) rememberAfterSetup(waiting);
    // First-time setup is pushed (spec 000 §2); returning to a remembered page replaces /login.
    return <Navigate to={target} replace={session.user.dermisFirstTimeSetupComplete} />;
  }

  return (
    <Page card title={t('page.signIn')} heading={t('login.heading')}>
      <LanguageSwitcher />
      <Box maw={420}>
        <SignInForm
          username={state.username}
          errors={state.errors}
          warnings={state.warnings}
          notifications={state.notifications}
        />
      </Box>
      {/* The two-step modals; closing one clears the session, which shows the form again. */}
      {twoStepStarted && (
        <Suspense fallback={null}>
          <TwoStepSignIn
            submitCode={(mfaProfileId, otpCode) => codeSignIn.mutateAsync({ mfaProfileId, otpCode })}
            reset={() => store.clear()}
          />
        </Suspense>
      )}
    </Page>
  );
}
