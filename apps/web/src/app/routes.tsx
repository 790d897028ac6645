import { Navigate, type RouteObject } from 'react-router';
import { webRoutes } from '@dermis/contract';
import { RequireAuth } from './guards/require-auth';
import { lazyRoute } from './lazy-route';
import { RootLayout } from './layouts/root-layout';
import { LogoutRoute } from './routes/logout-route';
import { RouteErrorRoute } from './routes/status-routes';

// Every screen is loaded per route (lazy-route.tsx); only the layout, the guard, sign-out and the
// error page are in the entry chunk.
const login = () => import('./routes/login-route');
const passwordRecovery = () => import('./routes/password-recovery-routes');
const invitations = () => import('./routes/invitations-routes');
const publicPages = () => import('./routes/public-routes');
const status = () => import('./routes/status-routes');
const placeholders = () => import('./routes/placeholder-routes');
const accountLayout = () => import('./layouts/account-layout');
const accountSettings = () => import('./routes/account-settings-route');
const activityLog = () => import('./routes/activity-log-routes');
const responsiblePersons = () => import('./routes/responsible-persons-route');

/** Spec 000 §2, public routes: reachable signed in or out. */
const publicRoutes: RouteObject[] = [
  { path: webRoutes.login, ...lazyRoute(login, (m) => <m.LoginRoute />) },
  // Eager: signing out must not wait for a chunk (a visitor may leave /logout at once).
  { path: webRoutes.logout, element: <LogoutRoute /> },
  { path: webRoutes.forgotPassword, ...lazyRoute(passwordRecovery, (m) => <m.ForgotPasswordRoute />) },
  { path: webRoutes.resetPassword, ...lazyRoute(passwordRecovery, (m) => <m.ResetPasswordRoute />) },
  { path: '/account/create', ...lazyRoute(status, (m) => <m.NoSuchPageRoute />) },
  { path: webRoutes.createAccount, ...lazyRoute(invitations, (m) => <m.CreateAccountRoute />) },
  { path: webRoutes.verifyEmail, ...lazyRoute(invitations, (m) => <m.VerifyEmailRoute />) },
  { path: webRoutes.unsubscribe, ...lazyRoute(invitations, (m) => <m.UnsubscribeRoute />) },
  { path: webRoutes.unsubscribeSuccess, ...lazyRoute(invitations, (m) => <m.UnsubscribeSuccessRoute />) },
  { path: webRoutes.badges, ...lazyRoute(publicPages, (m) => <m.BadgesRoute />) },
  { path: webRoutes.forbidden, ...lazyRoute(status, (m) => <m.ForbiddenRoute />) },
  {
    path: webRoutes.termsAndConditions,
    ...lazyRoute(publicPages, (m) => <m.LegalRoute document="termsAndConditions" />),
  },
  // Listed as authenticated in the spec, but the footer links them from /login, so they are public.
  { path: webRoutes.termsOfUse, ...lazyRoute(publicPages, (m) => <m.LegalRoute document="termsOfUse" />) },
  {
    path: webRoutes.privacyPolicy,
    ...lazyRoute(publicPages, (m) => <m.LegalRoute document="privacyPolicy" />),
  },
  { path: webRoutes.notFound, ...lazyRoute(status, (m) => <m.NotFoundRoute />) },
];

/** Spec 000 §2, authenticated routes: the guard sends everyone else to /login, remembering the way back. */
const authenticatedRoutes: RouteObject[] = [
  { path: webRoutes.home, element: <Navigate to={webRoutes.myHealthProfile} replace /> },
  { path: webRoutes.myHealthProfile, ...lazyRoute(placeholders, (m) => <m.MyHealthProfileRoute />) },
  {
    path: webRoutes.appointments,
    ...lazyRoute(placeholders, (m) => <m.Placeholder title="page.appointments" />),
  },
  {
    path: webRoutes.pharmacies,
    ...lazyRoute(placeholders, (m) => <m.Placeholder title="page.pharmacies" />),
  },
  {
    path: webRoutes.account,
    ...lazyRoute(accountLayout, (m) => <m.AccountLayout />),
    children: [
      { index: true, element: <Navigate to={webRoutes.accountSettings} replace /> },
      { path: 'settings', ...lazyRoute(accountSettings, (m) => <m.AccountSettingsRoute />) },
      { path: 'activity-log', ...lazyRoute(activityLog, (m) => <m.AccountActivityLogRoute />) },
      { path: 'responsible-persons', ...lazyRoute(responsiblePersons, (m) => <m.ResponsiblePersonsRoute />) },
    ],
  },
  {
    path: webRoutes.healthInformation,
    ...lazyRoute(placeholders, (m) => <m.Placeholder title="page.healthInformation" />),
  },
  {
    path: '/health-information/view/:id/:encounterId',
    ...lazyRoute(placeholders, (m) => <m.Placeholder title="page.healthDocument" />),
  },
  { path: '/messages/*', ...lazyRoute(placeholders, (m) => <m.Placeholder title="page.messages" />) },
  {
    path: webRoutes.firstTimeLogin,
    element: <Navigate to={`${webRoutes.firstTimeLogin}/basic-info`} replace />,
  },
  {
    path: '/first-time-login/:currentStep',
    ...lazyRoute(placeholders, (m) => <m.StepRoute title="page.firstTimeLogin" />),
  },
  { path: webRoutes.screening, element: <Navigate to={`${webRoutes.screening}/basic-info`} replace /> },
  {
    path: '/screening/:currentStep',
    ...lazyRoute(placeholders, (m) => <m.StepRoute title="page.screening" steps={m.screeningSteps} />),
  },
  {
    path: '/screening/:encounterId/:currentStep',
    ...lazyRoute(placeholders, (m) => <m.StepRoute title="page.screening" steps={m.screeningSteps} />),
  },
  { path: '/:responsibleId/activity-log', ...lazyRoute(activityLog, (m) => <m.ActingForActivityLogRoute />) },
  {
    path: '/:responsibleId/health-information',
    ...lazyRoute(placeholders, (m) => <m.ActingForRoute title="page.healthInformation" />),
  },
  {
    path: '/:responsibleId/messages/*',
    ...lazyRoute(placeholders, (m) => <m.ActingForRoute title="page.messages" />),
  },
];

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorRoute />,
    children: [
      ...publicRoutes,
      { element: <RequireAuth />, children: authenticatedRoutes },
      { path: '*', ...lazyRoute(status, (m) => <m.NotFoundRoute />) },
    ],
  },
];
