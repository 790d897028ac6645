import { Navigate, useLocation } from 'react-router';
import { Box } from '@mantine/core';
import { SignInForm } from '../../features/auth/components/sign-in-form';
import { useCodeSignIn } from '../../features/auth/use-sign-in';
import { TwoStepSignIn } from '../../features/two-step/components/sign-in-two-step';
import { LanguageSwitcher } from '../../components/language-switcher';
import { Page } from '../../components/page';
import { t } from '../../lib/i18n';
import { readLoginState } from '../../lib/navigation/login-state';
import { isSignedIn, useSession, useSessionStore } from '../../lib/session';
import { signInTarget } from '../guards/sign-in-target';

export function LoginRoute() {
  const session = useSession();
  const location = useLocation();
  const state = readLoginState(location.state);
  const store = useSessionStore();
  const codeSignIn = useCodeSignIn();

  if (isSignedIn(session)) {
    const target = signInTarget(state.from, session.user);
    // First-time setup is pushed (spec 000 §2); returning to a remembered page replaces /login.
    return <Navigate to={target} replace={session.user.dermisFirstTimeSetupComplete} />;
  }

  return (
    <Page title={t('page.signIn')} heading={t('login.heading')}>
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
      <TwoStepSignIn
        submitCode={(mfaProfileId, otpCode) => codeSignIn.mutateAsync({ mfaProfileId, otpCode })}
        reset={() => store.clear()}
      />
    </Page>
  );
}
