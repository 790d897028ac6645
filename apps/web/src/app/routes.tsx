import type { RouteObject } from 'react-router';
import { webRoutes } from '@dermis/contract';
import { RequireAuth } from './guards/require-auth';
import { AccountLayout } from './layouts/account-layout';
import { RootLayout } from './layouts/root-layout';
import { AccountSettingsRoute } from './routes/account-settings-route';
import { AccountActivityLogRoute, ActingForActivityLogRoute } from './routes/activity-log-routes';
import {
  CreateAccountRoute,
  UnsubscribeRoute,
  UnsubscribeSuccessRoute,
  VerifyEmailRoute,
} from './routes/invitations-routes';
import { LoginRoute } from './routes/login-route';
import { LogoutRoute } from './routes/logout-route';
import { ForgotPasswordRoute, ResetPasswordRoute } from './routes/password-recovery-routes';
import {
  ActingForRoute,
  MyHealthProfileRoute,
  Placeholder,
  RedirectTo,
  StepRoute,
  screeningSteps,
} from './routes/placeholder-routes';
import { BadgesRoute, LegalRoute } from './routes/public-routes';
import { ResponsiblePersonsRoute } from './routes/responsible-persons-route';
import { ForbiddenRoute, NoSuchPageRoute, NotFoundRoute, RouteErrorRoute } from './routes/status-routes';

/** Spec 000 §2, public routes: reachable signed in or out. */
const publicRoutes: RouteObject[] = [
  { path: webRoutes.login, element: <LoginRoute /> },
  { path: webRoutes.logout, element: <LogoutRoute /> },
  { path: webRoutes.forgotPassword, element: <ForgotPasswordRoute /> },
  { path: webRoutes.resetPassword, element: <ResetPasswordRoute /> },
  { path: '/account/create', element: <NoSuchPageRoute /> },
  { path: webRoutes.createAccount, element: <CreateAccountRoute /> },
  { path: webRoutes.verifyEmail, element: <VerifyEmailRoute /> },
  { path: webRoutes.unsubscribe, element: <UnsubscribeRoute /> },
  { path: webRoutes.unsubscribeSuccess, element: <UnsubscribeSuccessRoute /> },
  { path: webRoutes.badges, element: <BadgesRoute /> },
  { path: webRoutes.forbidden, element: <ForbiddenRoute /> },
  { path: webRoutes.termsAndConditions, element: <LegalRoute document="termsAndConditions" /> },
  // Listed as authenticated in the spec, but the footer links them from /login, so they are public.
  { path: webRoutes.termsOfUse, element: <LegalRoute document="termsOfUse" /> },
  { path: webRoutes.privacyPolicy, element: <LegalRoute document="privacyPolicy" /> },
  { path: webRoutes.notFound, element: <NotFoundRoute /> },
];

/** Spec 000 §2, authenticated routes: the guard sends everyone else to /login, remembering the way back. */
const authenticatedRoutes: RouteObject[] = [
  { path: webRoutes.home, element: <RedirectTo to={webRoutes.myHealthProfile} /> },
  { path: webRoutes.myHealthProfile, element: <MyHealthProfileRoute /> },
  { path: webRoutes.appointments, element: <Placeholder title="page.appointments" /> },
  { path: webRoutes.pharmacies, element: <Placeholder title="page.pharmacies" /> },
  {
    path: webRoutes.account,
    element: <AccountLayout />,
    children: [
      { index: true, element: <RedirectTo to={webRoutes.accountSettings} /> },
      { path: 'settings', element: <AccountSettingsRoute /> },
      { path: 'activity-log', element: <AccountActivityLogRoute /> },
      { path: 'responsible-persons', element: <ResponsiblePersonsRoute /> },
    ],
  },
  { path: webRoutes.healthInformation, element: <Placeholder title="page.healthInformation" /> },
  { path: '/health-information/view/:id/:encounterId', element: <Placeholder title="page.healthDocument" /> },
  { path: '/messages/*', element: <Placeholder title="page.messages" /> },
  { path: webRoutes.firstTimeLogin, element: <RedirectTo to={`${webRoutes.firstTimeLogin}/basic-info`} /> },
  { path: '/first-time-login/:currentStep', element: <StepRoute title="page.firstTimeLogin" /> },
  { path: webRoutes.screening, element: <RedirectTo to={`${webRoutes.screening}/basic-info`} /> },
  { path: '/screening/:currentStep', element: <StepRoute title="page.screening" steps={screeningSteps} /> },
  {
    path: '/screening/:encounterId/:currentStep',
    element: <StepRoute title="page.screening" steps={screeningSteps} />,
  },
  { path: '/:responsibleId/activity-log', element: <ActingForActivityLogRoute /> },
  { path: '/:responsibleId/health-information', element: <ActingForRoute title="page.healthInformation" /> },
  { path: '/:responsibleId/messages/*', element: <ActingForRoute title="page.messages" /> },
];

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorRoute />,
    children: [
      ...publicRoutes,
      { element: <RequireAuth />, children: authenticatedRoutes },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
];
