import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { Route } from 'react-router';
import { mockFetch, type FakeReply } from '../../../lib/testing/fetch-mock';
import { renderWithProviders } from '../../../lib/testing/render';
import { createSessionStore } from '../../../lib/session';
import { LoginStateProbe } from '../testing/login-state-probe';
import { VerifyEmail } from './verify-email';

beforeEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

function renderPage(reply: FakeReply | (() => never)) {
  const fetchMock = mockFetch((url) => {
    if (url === '/api/auth/logout') return { body: {} };
    return typeof reply === 'function' ? reply() : reply;
  });
  const session = createSessionStore(localStorage);
  session.setTokens({ accessToken: 'a', refreshToken: 'r' });
  const result = renderWithProviders(<VerifyEmail token="tok" />, {
    route: '/verify/email/tok',
    session,
    routes: (
      <>
        <Route path="/login" element={<LoginStateProbe />} />
        <Route path="/account/create/:accountToken" element={<LoginStateProbe />} />
      </>
    ),
  });
  return { fetchMock, ...result };
}

describe('VerifyEmail', () => {
  it('signs out, shows progress, then goes to create account with the notice', async () => {
    const { fetchMock, session } = renderPage({
      body: { tokenStatus: 'UNUSED', isDermisActive: false, username: null, createAccountToken: 'new-token' },
    });
    expect(
      screen.getByText('Verifying your e-mail address, please wait...').closest('[role="status"]'),
    ).not.toBeNull();
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/account/create/new-token'),
    );
    expect(session.get().accessToken).toBeUndefined();
    expect(fetchMock.mock.calls.map((c) => c[0])).toEqual([
      '/api/auth/logout',
      '/api/app/patient/verifyEmail',
    ]);
    expect(screen.getByTestId('login-state')).toHaveTextContent(
      'Your email has been verified. Please create a username and password.',
    );
  });

  it('goes to /login with the username when the account is already active', async () => {
    renderPage({
      body: { tokenStatus: 'UNUSED', isDermisActive: true, username: 'maria', createAccountToken: null },
    });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
    expect(screen.getByTestId('login-state')).toHaveTextContent('"username":"maria"');
    // Already has an account: told to sign in, never to create a username and password.
    expect(screen.getByTestId('login-state')).toHaveTextContent(
      'Your email has been verified. You can sign in now.',
    );
    expect(screen.getByTestId('login-state')).not.toHaveTextContent('create a username');
  });

  it.each([
    [
      'EXPIRED',
      'This e-mail verification link has expired. Please ask your clinic staff to send you a new one.',
    ],
    ['INVALID', 'This e-mail verification link is invalid.'],
    ['USED', 'This e-mail verification link has already been used.'],
  ])('shows the error for %s', async (tokenStatus, message) => {
    renderPage({ body: { tokenStatus, isDermisActive: false, username: null, createAccountToken: null } });
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('link', { name: 'Go to the sign-in page' })).toBeInTheDocument();
  });

  it('says the request failed on a network failure', async () => {
    renderPage(() => {
      throw new TypeError('Failed to fetch');
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'verifyEmail request failed, please try again ...',
    );
  });
});
