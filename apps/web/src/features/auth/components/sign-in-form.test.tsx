import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authorizationOf, mockFetch, type FakeReply } from '../../../lib/testing/fetch-mock';
import { validToken } from '../../../lib/testing/fake-jwt';
import { servers, userProfileFixture } from '../../../lib/testing/fixtures';
import { renderWithProviders } from '../../../lib/testing/render';
import { SignInForm } from './sign-in-form';

beforeEach(() => vi.unstubAllGlobals());

const accessToken = validToken({ username: 'jdoe' });
const refreshToken = validToken({ username: 'jdoe' });

function fakeServer(loginReply: FakeReply, userReply: FakeReply = { body: userProfileFixture() }) {
  return mockFetch((url) => {
    if (url === '/api/auth/login') return loginReply;
    if (url === '/api/app/patient/getByUsername') return userReply;
    return { status: 404 };
  });
}

async function submit(username = 'jdoe', password = 'Secret123') {
  const user = userEvent.setup();
  if (username) await user.type(screen.getByLabelText('Username'), username);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('SignInForm', () => {
  it('shows the required messages, focuses the first error and sends nothing when empty', async () => {
    const fetchMock = fakeServer({});
    renderWithProviders(<SignInForm />);
    await submit('', '');
    expect(await screen.findByText('Username is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveFocus();
    expect(screen.getByLabelText('Username')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('after a failed submit, checks each change: a filled field loses its message at once', async () => {
    fakeServer({});
    renderWithProviders(<SignInForm />);
    await submit('', '');
    expect(await screen.findByText('Username is required')).toBeInTheDocument();
    await userEvent.setup().type(screen.getByLabelText('Username'), 'j');
    expect(screen.queryByText('Username is required')).not.toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
  });

  it('sends the username as the contract reads it (trimmed)', async () => {
    const fetchMock = fakeServer({
      status: 401,
      body: { error: 'BAD_CREDENTIALS', message: 'Bad Credentials' },
    });
    renderWithProviders(<SignInForm />);
    await submit('  jdoe ', 'Secret123');
    await screen.findByRole('alert');
    const loginBody = JSON.parse(fetchMock.mock.calls[0]![1]!.body as string) as Record<string, unknown>;
    expect(loginBody).toMatchObject({ username: 'jdoe', password: 'Secret123' });
  });

  it('reads In Progress... and is disabled while signing in, then stores tokens, servers and user', async () => {
    let answerLogin!: (reply: FakeReply) => void;
    const pendingLogin = new Promise<FakeReply>((resolve) => (answerLogin = resolve));
    const fetchMock = mockFetch((url) => {
      if (url === '/api/auth/login') return pendingLogin;
      return { body: userProfileFixture() };
    });
    const { session } = renderWithProviders(<SignInForm />);
    await submit();

    const button = await screen.findByRole('button', { name: 'In Progress...' });
    expect(button).toBeDisabled();
    answerLogin({ body: { accessToken, refreshToken, servers } });

    await waitFor(() => expect(session.get().user?.username).toBe('jdoe'));
    expect(session.get()).toMatchObject({ accessToken, refreshToken, servers });
    const loginBody = JSON.parse(fetchMock.mock.calls[0]![1]!.body as string) as Record<string, unknown>;
    expect(loginBody).toEqual({
      username: 'jdoe',
      password: 'Secret123',
      clientVersion: '1.8.0',
      application: 'PATIENT_PORTAL',
      timeZoneId: 'Europe/Berlin',
    });
    expect(authorizationOf(fetchMock.mock.calls[1]![1])).toBe(`Bearer ${accessToken}`);
  });

  it('shows Bad Credentials on a 401 and keeps the entered username', async () => {
    fakeServer({ status: 401, body: { error: 'BAD_CREDENTIALS', message: 'Bad Credentials' } });
    renderWithProviders(<SignInForm />);
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Bad Credentials');
    expect(screen.getByLabelText('Username')).toHaveValue('jdoe');
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  });

  it.each([
    ['no token', { body: { servers } }, undefined, 'Invalid response received - no token'],
    [
      'no servers',
      { body: { accessToken, refreshToken } },
      undefined,
      'Invalid response received - no servers data',
    ],
    [
      'no user',
      { body: { accessToken, refreshToken, servers } },
      { body: {} },
      'Invalid response received - no user data',
    ],
    ['a server failure', { status: 500 }, undefined, 'Sign in request failed!'],
    [
      'throttling',
      { status: 429, body: { error: 'TOO_MANY_ATTEMPTS', message: 'Too many attempts, wait 15 minutes.' } },
      undefined,
      'Too many attempts, wait 15 minutes.',
    ],
  ])('reports %s and leaves the session empty', async (_case, loginReply: FakeReply, userReply, text) => {
    fakeServer(loginReply, userReply);
    const { session } = renderWithProviders(<SignInForm />);
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(session.get().accessToken).toBeUndefined();
  });

  it.each([
    [
      "the server's 503 during an outage",
      {
        status: 503,
        body: { error: 'SERVICE_UNAVAILABLE', message: 'The service is briefly unavailable (server).' },
      },
    ],
    ["a proxy's 502 with no JSON", { status: 502 }],
    ["a proxy's 504 with no JSON", { status: 504 }],
  ])(
    'says the service is briefly unavailable on %s, keeps what was typed, and signs in on the next try',
    async (_case, outage: FakeReply) => {
      let away = true;
      mockFetch((url) => {
        if (url === '/api/auth/login')
          return away ? outage : { body: { accessToken, refreshToken, servers } };
        if (url === '/api/app/patient/getByUsername') return { body: userProfileFixture() };
        return { status: 404 };
      });
      const { session } = renderWithProviders(<SignInForm />);
      await submit('jdoe', 'Secret123');
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'The service is briefly unavailable. Please try again in a minute.',
      );
      expect(screen.getByLabelText('Username')).toHaveValue('jdoe');
      expect(screen.getByLabelText('Password')).toHaveValue('Secret123');
      expect(session.get().accessToken).toBeUndefined();

      away = false;
      await userEvent.setup().click(screen.getByRole('button', { name: 'Sign In' }));
      await waitFor(() => expect(session.get().accessToken).toBe(accessToken));
    },
  );

  it('keeps the two-step state for the two-step modals, with no error', async () => {
    const tempToken = validToken({ username: 'jdoe' });
    fakeServer({
      body: {
        tempToken,
        available2FATypes: ['EMAIL'],
        preferredProfileId: 3,
        preferredProfileType: 'EMAIL',
        hasMoreProfiles: false,
      },
    });
    const { session } = renderWithProviders(<SignInForm />);
    await submit();
    await waitFor(() => expect(session.get().tempToken).toBe(tempToken));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(session.get()).toMatchObject({
      tempToken,
      twoStep: { preferredProfileId: 3, available2FATypes: ['EMAIL'] },
    });
  });

  it('shows banners passed by other pages and prefills the username', () => {
    renderWithProviders(
      <SignInForm
        username="newuser"
        errors={['Link expired']}
        warnings={['Link used']}
        notifications={['Account created']}
      />,
    );
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([
      'Link expired',
      'Link used',
      'Account created',
    ]);
    expect(screen.getByLabelText('Username')).toHaveValue('newuser');
  });

  it('has a hidden time-zone field and a Forgot your password? link', () => {
    const { container } = renderWithProviders(<SignInForm />);
    expect(container.querySelector('input[type="hidden"][name="timeZoneId"]')).toHaveValue('Europe/Berlin');
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
      'href',
      '/password/forgot',
    );
  });
});
