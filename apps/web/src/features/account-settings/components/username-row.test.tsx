import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authorizationOf, mockFetch } from '../../../lib/testing/fetch-mock';
import { validToken } from '../../../lib/testing/fake-jwt';
import { userProfileFixture } from '../../../lib/testing/fixtures';
import { renderWithProviders } from '../../../lib/testing/render';
import { signedInSession } from '../../../lib/testing/signed-in';
import { UsernameRow } from './username-row';

describe('UsernameRow', () => {
  const user = userProfileFixture({ id: 100, username: 'jdoe' });
  let session: ReturnType<typeof signedInSession>;

  beforeEach(() => {
    localStorage.clear();
    session = signedInSession(user);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('requires a new username and keeps what was typed when the name is taken', async () => {
    const fetch = mockFetch(() => ({
      status: 409,
      body: { error: 'CHANGE_USERNAME_EXCEPTION', message: 'Username has been already taken' },
    }));
    renderWithProviders(<UsernameRow user={user} />, { session });
    await userEvent.click(screen.getByRole('button', { name: 'Edit username' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Missing new username')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();

    await userEvent.type(screen.getByLabelText('Type new Username'), 'taken.name');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Username has been already taken')).toBeInTheDocument();
    expect(screen.getByLabelText('Type new Username')).toHaveValue('taken.name');
  });

  it("shows the server's message about the new username under the field", async () => {
    const reason = 'Username must not contain your e-mail address';
    mockFetch(() => ({
      status: 400,
      body: {
        error: 'VALIDATION_ERROR',
        message: 'The request is not valid.',
        validationMessages: [{ field: 'username', description: reason }],
      },
    }));
    renderWithProviders(<UsernameRow user={user} />, { session });
    await userEvent.click(screen.getByRole('button', { name: 'Edit username' }));
    await userEvent.type(screen.getByLabelText('Type new Username'), 'jane.doe');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const field = screen.getByLabelText('Type new Username');
    await waitFor(() => expect(field).toHaveAccessibleDescription(reason));
    expect(field).toHaveValue('jane.doe');
    expect(screen.getAllByText(reason)).toHaveLength(1);
  });

  it('stores the fresh tokens and the re-read user after a change', async () => {
    const newAccess = validToken({ username: 'jane.doe' });
    const newRefresh = validToken({ username: 'jane.doe' });
    const fetch = mockFetch((url) =>
      url.endsWith('/profile/changeUsername')
        ? { body: { username: 'jane.doe', accessToken: newAccess, refreshToken: newRefresh } }
        : { body: userProfileFixture({ id: 100, username: 'jane.doe' }) },
    );
    renderWithProviders(<UsernameRow user={user} />, { session });
    await userEvent.click(screen.getByRole('button', { name: 'Edit username' }));
    await userEvent.type(screen.getByLabelText('Type new Username'), 'jane.doe');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(session.get().user?.username).toBe('jane.doe'));
    expect(session.get().accessToken).toBe(newAccess);
    expect(session.get().refreshToken).toBe(newRefresh);
    const [changeCall, profileCall] = fetch.mock.calls;
    expect(JSON.parse(changeCall?.[1]?.body as string)).toEqual({ username: 'jane.doe', profileId: 100 });
    // The profile is read with the new token, which carries the new username.
    expect(authorizationOf(profileCall?.[1])).toBe(`Bearer ${newAccess}`);
    expect(await screen.findByText('Your username has been changed.')).toBeInTheDocument();
  });
});
