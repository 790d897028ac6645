import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserProfile } from '@dermis/contract';
import { sessionStorageKey } from '../lib/session';
import { mockFetch, type FakeReply } from '../lib/testing/fetch-mock';
import { validToken } from '../lib/testing/fake-jwt';
import { servers, userProfileFixture } from '../lib/testing/fixtures';
import { createMemoryRouter, type RouteObject } from 'react-router';
import { AppRoot, createApp } from './app';
import { routes } from './routes';

const tokens = { accessToken: validToken(), refreshToken: validToken() };

function storeSession(user: UserProfile = userProfileFixture()) {
  localStorage.setItem(
    sessionStorageKey,
    JSON.stringify({ ...tokens, user, servers, notificationModalShown: false }),
  );
}

/** A scripted server: config, the user, a patient; anything else as given. */
function server(overrides: Record<string, FakeReply> = {}, user: UserProfile = userProfileFixture()) {
  return mockFetch((url) => {
    if (url in overrides) return overrides[url]!;
    if (url === '/api/config') return { body: { environment: 'production', version: '1.2.3' } };
    if (url === '/api/app/patient/getByUsername') return { body: user };
    if (url === '/api/auth/login') return { body: { ...tokens, servers } };
    if (url === '/api/auth/logout') return { status: 204 };
    return { status: 404, body: { error: 'NOT_FOUND', message: 'Not found.' } };
  });
}

function start(path: string) {
  const app = createApp({ initialEntries: [path] });
  render(<AppRoot app={app} />);
  return app;
}

const pathOf = (app: ReturnType<typeof createApp>) => app.router.state.location.pathname;

beforeEach(() => vi.unstubAllGlobals());

/** Every lazy route's module (and the lazily loaded header and two-step modals), loaded once. */
async function loadAllRouteModules(list: RouteObject[]): Promise<void> {
  await Promise.all(
    list.map(async (route) => {
      if (typeof route.lazy === 'function') expect(await route.lazy()).toHaveProperty('element');
      await loadAllRouteModules(route.children ?? []);
    }),
  );
}

// Routes load per route (lazy-route.tsx). Loading their modules here, where a cold transform may take
// its time, checks that each one loads and keeps the journeys below from waiting on it.
beforeAll(async () => {
  await loadAllRouteModules(routes);
  await import('./layouts/signed-in-header');
  await import('../features/two-step/components/sign-in-two-step');
}, 120_000);

/** Signs in as jdoe on the sign-in form the app shows. */
async function signIn() {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Username'), 'jdoe');
  await user.type(screen.getByLabelText('Password'), 'Secret123');
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('routing and guards', () => {
  it('sends a signed-out visitor to /login and back to the deep link after sign-in', async () => {
    server();
    const app = start('/pharmacies?tab=favorites');
    await screen.findByRole('heading', { level: 1, name: 'Sign in to your patient portal' });
    expect(pathOf(app)).toBe('/login');

    await signIn();

    await screen.findByRole('heading', { level: 1, name: 'Pharmacies' });
    expect(app.router.state.location.pathname + app.router.state.location.search).toBe(
      '/pharmacies?tab=favorites',
    );
  });

  it('redirects / to /my-health-profile, which welcomes the user by first name', async () => {
    storeSession();
    server();
    const app = start('/');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Welcome, Jane');
    expect(pathOf(app)).toBe('/my-health-profile');
    expect(document.title).toBe('Dermis - Health Profile');
  });

  it('renders with the router made before it, which has loaded the route and keeps its address', async () => {
    storeSession();
    server();
    // As main.tsx makes it, before the app and its first render.
    const router = createMemoryRouter(routes, { initialEntries: ['/my-health-profile'] });
    await waitFor(() => expect(router.state.initialized).toBe(true));
    const app = createApp({ router });
    expect(app.router).toBe(router);
    render(<AppRoot app={app} />);
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Welcome, Jane');
    expect(pathOf(app)).toBe('/my-health-profile');
  });

  it('sends a signed-in visitor of /login home', async () => {
    storeSession();
    server();
    const app = start('/login');
    await screen.findByRole('heading', { level: 1, name: 'Welcome, Jane' });
    expect(pathOf(app)).toBe('/my-health-profile');
  });

  it('sends a user with unfinished first-time setup to /first-time-login/basic-info after sign-in', async () => {
    const user = userProfileFixture({ dermisFirstTimeSetupComplete: false });
    server({}, user);
    const app = start('/login');
    await signIn();
    await screen.findByRole('heading', { level: 1, name: 'First-Time Setup' });
    expect(pathOf(app)).toBe('/first-time-login/basic-info');
  });

  it('remembers a health app request that sent a new patient to sign in, for the end of first-time setup', async () => {
    const user = userProfileFixture({ dermisFirstTimeSetupComplete: false });
    server({}, user);
    const app = start('/health-apps/authorize/abc_DEF-1');
    await signIn();
    await screen.findByRole('heading', { level: 1, name: 'First-Time Setup' });
    expect(pathOf(app)).toBe('/first-time-login/basic-info');
    expect(sessionStorage.getItem('dermis.afterSetup')).toBe('/health-apps/authorize/abc_DEF-1');
    sessionStorage.clear();
  });

  it('signs out through /logout: revokes the refresh token, clears storage, shows /login', async () => {
    storeSession();
    // A page remembered for the end of first-time setup is this user's, not the next one's.
    sessionStorage.setItem('dermis.afterSetup', '/health-apps/authorize/abc_DEF-1');
    const fetchMock = server();
    const app = start('/logout');
    await screen.findByRole('heading', { level: 1, name: 'Sign in to your patient portal' });
    expect(pathOf(app)).toBe('/login');
    expect(localStorage.getItem(sessionStorageKey)).toBeNull();
    expect(sessionStorage.getItem('dermis.afterSetup')).toBeNull();
    const logout = fetchMock.mock.calls.find(([url]) => url === '/api/auth/logout');
    expect(JSON.parse(logout![1]!.body as string)).toEqual({ refreshToken: tokens.refreshToken });
  });

  it('a 403 answer leads to /forbidden', async () => {
    storeSession(userProfileFixture({ responsibleForPatients: [] }));
    server({
      '/api/app/patient/getDermisPatientById/_rid/55': {
        status: 403,
        body: { error: 'FORBIDDEN', message: 'Access denied.' },
      },
    });
    const app = start('/55/health-information');
    expect(
      await screen.findByText("403 Access Denied - You don't have permission to access requested page."),
    ).toBeInTheDocument();
    expect(pathOf(app)).toBe('/forbidden');
    // A way back to the signed-in patient's home.
    expect(screen.getByRole('link', { name: 'Go to your home page' })).toHaveAttribute('href', '/');
  });

  it('Page not found offers home to a signed-in patient and sign-in to anyone else', async () => {
    storeSession();
    server();
    start('/no/such/place');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Page not found');
    expect(screen.getByRole('link', { name: 'Go to your home page' })).toHaveAttribute('href', '/');
  });

  it.each(['/forbidden', '/no/such/place'])('%s offers sign-in while signed out', async (path) => {
    server();
    start(path);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByRole('link', { name: 'Go to the sign-in page' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('link', { name: 'Go to your home page' })).not.toBeInTheDocument();
  });

  it('shows the acting-for banner with the patient name from the server', async () => {
    const user = userProfileFixture({
      responsibleForPatients: [
        { id: 7, firstName: 'Emma', lastName: 'Reed', gender: 'FEMALE', relationship: 1 },
      ],
    });
    storeSession(user);
    server(
      {
        '/api/app/patient/getDermisPatientById/_rid/7': {
          body: { ...userProfileFixture({ id: 7, firstName: 'Emma', lastName: 'Reed' }), userId: undefined },
        },
      },
      user,
    );
    start('/7/activity-log');
    expect(await screen.findByText('Viewing the account of:')).toBeInTheDocument();
    expect(screen.getByText('Emma Reed')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Activity Log' })).toHaveAttribute('href', '/7/activity-log');
  });

  it('signs out and shows /login when the refresh after a 401 fails', async () => {
    storeSession();
    server({
      '/api/app/patient/getByUsername': { status: 401 },
      '/api/auth/refreshToken/getAccessToken': { status: 401 },
    });
    const app = start('/account/settings');
    await screen.findByRole('heading', { level: 1, name: 'Sign in to your patient portal' });
    expect(pathOf(app)).toBe('/login');
    expect(app.session.get().accessToken).toBeUndefined();
    expect(
      await screen.findByText('You were signed out because your session expired. Please sign in again.'),
    ).toBeInTheDocument();
    expect(localStorage.getItem(sessionStorageKey)).toBeNull();
  });

  it.each([
    ['/no/such/place', 'Page not found'],
    ['/not-found', 'Page not found'],
    ['/account/create', 'No such page'],
    ['/forbidden', '403 Access Denied'],
    ['/badges', 'Dermis badges'],
    ['/terms-of-use', 'Terms of Use'],
    ['/privacy-police', 'Privacy Policy'],
    ['/terms-and-conditions', 'Terms and Conditions'],
    ['/password/forgot', 'Forgot Password'],
    ['/account/create/abc', 'Create Account'],
  ])('public page %s has its single h1 while signed out', async (path, heading) => {
    server();
    const app = start(path);
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(heading);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(pathOf(app)).toBe(path);
    expect(screen.getByRole('contentinfo')).toHaveTextContent(String(new Date().getFullYear()));
  });

  // The account area's pages are built (features/account-settings, activity-log, responsible-persons).
  it.each([
    ['/account', '/account/settings', 'Account Settings'],
    ['/account/activity-log', '/account/activity-log', 'Activity Log'],
    ['/account/responsible-persons', '/account/responsible-persons', 'Responsible Persons'],
    // The wizard (features/health-profile).
    ['/screening', '/screening/basic-info', 'Screening'],
    ['/screening/12/allergies', '/screening/12/allergies', 'Screening'],
    // The messages area (features/messages); the inbox is its default list.
    ['/messages', '/messages/inbox', 'Direct Messages'],
    ['/messages/sent', '/messages/sent', 'Direct Messages'],
  ])('signed-in account route %s lands on %s with one h1', async (path, landing, heading) => {
    storeSession();
    server();
    const app = start(path);
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(heading);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(pathOf(app)).toBe(landing);
  });

  it('signed-in route /appointments shows the appointments page with one h1', async () => {
    storeSession();
    server();
    const app = start('/appointments');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Appointments');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(pathOf(app)).toBe('/appointments');
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Upcoming Appointments' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Past Visits' })).toBeInTheDocument();
  });

  it('an unknown screening step is not a page', async () => {
    storeSession();
    server();
    start('/screening/nonsense');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Page not found');
  });

  it('an unsubscribe link missing a parameter goes to /login', async () => {
    server();
    const app = start('/unsubscribe?pid=1&uid=2&type=1');
    await waitFor(() => expect(pathOf(app)).toBe('/login'));
  });

  it.each([
    ['not in development alone', { environment: 'development', version: '1.2.3' }, []],
    [
      'with DEV_MENU on the server',
      { environment: 'development', version: '1.2.3', developmentMenu: true },
      ['/first-time-login', '/screening'],
    ],
  ])('shows the development menu links only when the server says so: %s', async (_name, config, expected) => {
    storeSession();
    server({ '/api/config': { body: config } });
    start('/my-health-profile');
    // The footer's version comes from the same answer: the menu below is drawn from it.
    expect(await screen.findByText('Version 1.2.3')).toBeInTheDocument();
    await userEvent.setup().click(await screen.findByRole('button', { name: /Jane/ }));
    // A notice modal may be open over the page, which hides the rest from role queries: read the menu's own.
    const menu = await screen.findByTestId('profile-menu-button-dropdown');
    const links = within(menu)
      .getAllByRole('menuitem', { hidden: true })
      .map((item) => item.getAttribute('href'));
    expect(links).toContain('/logout');
    expect(links.filter((href) => href === '/first-time-login' || href === '/screening')).toEqual(expected);
  });

  it('shows the app version from /api/config in the footer', async () => {
    server();
    start('/badges');
    expect(await screen.findByText('Version 1.2.3')).toBeInTheDocument();
  });
});
