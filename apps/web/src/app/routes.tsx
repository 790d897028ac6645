import { Navigate, type RouteObject } from 'react-router';
import { webRoutes } from '@dermis/contract';
import { loadAllTexts } from '../lib/i18n';
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
// The legal pages, badges, recovery and invitation pages show texts /login does not carry: they load
// the whole catalog with their chunk (decision 049).
const withAllTexts =
  <M,>(load: () => Promise<M>) =>
  () =>
    Promise.all([load(), loadAllTexts()]).then(([module]) => module);
const publicPages = withAllTexts(() => import('./routes/public-routes'));
const status = () => import('./routes/status-routes');
const accountLayout = () => import('./layouts/account-layout');
const accountSettings = () => import('./routes/account-settings-route');
const activityLog = () => import('./routes/activity-log-routes');
const responsiblePersons = () => import('./routes/responsible-persons-route');
const healthApps = () => import('./routes/health-apps-routes');
const healthProfile = () => import('./routes/health-profile-route');
const editProfile = () => import('./routes/edit-profile-route');
const documents = () => import('./routes/documents-route');
const insurance = () => import('./routes/insurance-route');
const careTeam = () => import('./routes/care-team-route');
const healthInformation = () => import('./routes/health-information-route');
const cdaViewer = () => import('./routes/cda-viewer-route');
const pharmacies = () => import('./routes/pharmacies-route');
const appointments = () => import('./routes/appointments-route');
const messages = () => import('./routes/messages-routes');
// The layout that gives the screens below it TanStack Query's client; /login and the plain public
// pages are outside it, so they never download Query (lib/api/query-loader.tsx).
const queryLayout = withAllTexts(() => import('../lib/api/query-scope'));

// One route object for the own and the acting-for page (the screen reads :responsibleId): every byte
// of the route table is in the entry, which /login downloads.
const connectedApps = lazyRoute(healthApps, (m) => <m.ConnectedAppsRoute />);

/** Spec 002 §2 "Messages area": the same screens under /messages and /{responsibleId}/messages. */
const messageChildren: RouteObject[] = [
  { index: true, ...lazyRoute(messages, (m) => <m.MessagesIndexRoute />) },
  { path: 'inbox', ...lazyRoute(messages, (m) => <m.MessageListRoute slug="inbox" />) },
  { path: 'sent', ...lazyRoute(messages, (m) => <m.MessageListRoute slug="sent" />) },
  { path: 'failed', ...lazyRoute(messages, (m) => <m.MessageListRoute slug="failed" />) },
  { path: 'message/:type/:id', ...lazyRoute(messages, (m) => <m.MessageViewRoute />) },
  { path: 'compose/:type?/:action?/:id?', ...lazyRoute(messages, (m) => <m.ComposeRoute />) },
  { path: 'transmit', ...lazyRoute(messages, (m) => <m.TransmitRoute />) },
  { path: '*', ...lazyRoute(status, (m) => <m.NotFoundRoute />) },
];

/** Spec 000 §2, public routes: reachable signed in or out. */
const publicRoutes: RouteObject[] = [
  { path: webRoutes.login, ...lazyRoute(login, (m) => <m.LoginRoute />) },
  // Eager: signing out must not wait for a chunk (a visitor may leave /logout at once).
  { path: webRoutes.logout, element: <LogoutRoute /> },
  { path: '/account/create', ...lazyRoute(status, (m) => <m.NoSuchPageRoute />) },
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

/** Public routes whose screens call the API through TanStack Query. */
const publicQueryRoutes: RouteObject[] = [
  { path: webRoutes.forgotPassword, ...lazyRoute(passwordRecovery, (m) => <m.ForgotPasswordRoute />) },
  { path: webRoutes.resetPassword, ...lazyRoute(passwordRecovery, (m) => <m.ResetPasswordRoute />) },
  { path: webRoutes.createAccount, ...lazyRoute(invitations, (m) => <m.CreateAccountRoute />) },
  { path: webRoutes.verifyEmail, ...lazyRoute(invitations, (m) => <m.VerifyEmailRoute />) },
  { path: webRoutes.unsubscribe, ...lazyRoute(invitations, (m) => <m.UnsubscribeRoute />) },
  { path: webRoutes.unsubscribeSuccess, ...lazyRoute(invitations, (m) => <m.UnsubscribeSuccessRoute />) },
];

/** Spec 000 §2, authenticated routes: the guard sends everyone else to /login, remembering the way back. */
const authenticatedRoutes: RouteObject[] = [
  { path: webRoutes.home, element: <Navigate to={webRoutes.myHealthProfile} replace /> },
  { path: webRoutes.myHealthProfile, ...lazyRoute(healthProfile, (m) => <m.MyHealthProfileRoute />) },
  { path: webRoutes.healthProfileDocuments, ...lazyRoute(documents, (m) => <m.DocumentsRoute />) },
  { path: webRoutes.healthProfileInsurance, ...lazyRoute(insurance, (m) => <m.InsuranceRoute />) },
  { path: webRoutes.myCareTeam, ...lazyRoute(careTeam, (m) => <m.CareTeamRoute />) },
  {
    path: `/:responsibleId${webRoutes.healthProfileDocuments}`,
    ...lazyRoute(documents, (m) => <m.ActingForDocumentsRoute />),
  },
  {
    path: `/:responsibleId${webRoutes.healthProfileInsurance}`,
    ...lazyRoute(insurance, (m) => <m.ActingForInsuranceRoute />),
  },
  { path: `${webRoutes.myHealthProfile}/*`, ...lazyRoute(healthProfile, (m) => <m.HealthProfileRedirect />) },
  { path: webRoutes.editProfile, ...lazyRoute(editProfile, (m) => <m.EditProfileRoute />) },
  {
    path: webRoutes.appointments,
    ...lazyRoute(appointments, (m) => <m.AppointmentsRoute />),
  },
  {
    path: webRoutes.pharmacies,
    ...lazyRoute(pharmacies, (m) => <m.PharmaciesRoute />),
  },
  {
    path: webRoutes.account,
    ...lazyRoute(accountLayout, (m) => <m.AccountLayout />),
    children: [
      { index: true, element: <Navigate to={webRoutes.accountSettings} replace /> },
      { path: 'settings', ...lazyRoute(accountSettings, (m) => <m.AccountSettingsRoute />) },
      { path: 'activity-log', ...lazyRoute(activityLog, (m) => <m.AccountActivityLogRoute />) },
      { path: 'responsible-persons', ...lazyRoute(responsiblePersons, (m) => <m.ResponsiblePersonsRoute />) },
      { path: 'connected-apps', ...connectedApps },
    ],
  },
  {
    path: webRoutes.healthInformation,
    ...lazyRoute(healthInformation, (m) => <m.HealthInformationRoute />),
  },
  {
    path: '/health-information/view/:id/:encounterId',
    ...lazyRoute(cdaViewer, (m) => <m.CdaViewerRoute />),
  },
  { path: '/messages', ...lazyRoute(messages, (m) => <m.MessagesRoute />), children: messageChildren },
  {
    path: webRoutes.firstTimeLogin,
    element: <Navigate to={`${webRoutes.firstTimeLogin}/basic-info`} replace />,
  },
  {
    path: '/first-time-login/:currentStep',
    ...lazyRoute(healthProfile, (m) => <m.WizardRoute kind="first-time-login" />),
  },
  { path: webRoutes.screening, element: <Navigate to={`${webRoutes.screening}/basic-info`} replace /> },
  { path: '/screening/:currentStep', ...lazyRoute(healthProfile, (m) => <m.WizardRoute kind="screening" />) },
  {
    path: '/screening/:encounterId/:currentStep',
    ...lazyRoute(healthProfile, (m) => <m.WizardRoute kind="screening" />),
  },
  {
    path: '/:responsibleId/my-health-profile',
    ...lazyRoute(healthProfile, (m) => <m.ActingForHealthProfileRoute />),
  },
  {
    path: '/:responsibleId/appointments',
    ...lazyRoute(appointments, (m) => <m.ActingForAppointmentsRoute />),
  },
  { path: '/:responsibleId/activity-log', ...lazyRoute(activityLog, (m) => <m.ActingForActivityLogRoute />) },
  { path: '/:responsibleId/connected-apps', ...connectedApps },
  { path: webRoutes.healthAppAuthorize, ...lazyRoute(healthApps, (m) => <m.HealthAppAuthorizeRoute />) },
  {
    path: '/:responsibleId/health-information',
    ...lazyRoute(healthInformation, (m) => <m.ActingForHealthInformationRoute />),
  },
  {
    path: '/:responsibleId/messages',
    ...lazyRoute(messages, (m) => <m.ActingForMessagesRoute />),
    children: messageChildren,
  },
];

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorRoute />,
    children: [
      ...publicRoutes,
      {
        ...lazyRoute(queryLayout, (m) => <m.QueryLayout />),
        children: [...publicQueryRoutes, { element: <RequireAuth />, children: authenticatedRoutes }],
      },
      { path: '*', ...lazyRoute(status, (m) => <m.NotFoundRoute />) },
    ],
  },
];
