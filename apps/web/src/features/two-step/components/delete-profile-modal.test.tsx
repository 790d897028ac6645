import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createSessionStore } from '../../../lib/session';
import { servers } from '../../../lib/testing/fixtures';
import { mockFetch } from '../../../lib/testing/fetch-mock';
import { renderWithProviders } from '../../../lib/testing/render';
import { DeleteProfileModal } from './delete-profile-modal';

beforeEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('DeleteProfileModal', () => {
  it('a wrong password shows the spec text, posted once, without refreshing the session', async () => {
    const fetchMock = mockFetch(() => ({
      status: 401,
      body: { error: 'BAD_CREDENTIALS', message: 'Bad Credentials' },
    }));
    const session = createSessionStore(localStorage);
    session.setTokens({ accessToken: 'access', refreshToken: 'refresh', servers });
    const onClose = vi.fn<() => void>();
    const onError = vi.fn<(message: string) => void>();
    renderWithProviders(<DeleteProfileModal profileId={3} onClose={onClose} onError={onError} />, {
      session,
    });
    const user = userEvent.setup();
    await user.type(await screen.findByTestId('two-step-delete-password'), 'wrong-password');
    await user.click(screen.getByTestId('two-step-delete-confirm'));
    expect(
      await screen.findByText('Failed to deactivate 2FA authentication profile, incorrect password.'),
    ).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/app/password/validate']);
    expect(session.get()).toMatchObject({ accessToken: 'access', refreshToken: 'refresh' });
    expect(screen.getByTestId('two-step-delete-password')).toHaveValue('wrong-password');
    expect(onClose).not.toHaveBeenCalled();
    expect(onError).not.toHaveBeenCalled();
  });
});
