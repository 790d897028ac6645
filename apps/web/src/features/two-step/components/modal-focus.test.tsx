import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch } from '../../../lib/testing/fetch-mock';
import { fakeJwt } from '../../../lib/testing/fake-jwt';
import { renderWithProviders } from '../../../lib/testing/render';
import { AddProfileModal } from './add-profile-modal';
import { DeleteProfileModal } from './delete-profile-modal';
import { SignInCodeModal } from './sign-in-code-modal';

const now = Math.floor(Date.now() / 1000);
const tempToken = fakeJwt({ iat: now, exp: now + 600, userId: 10 });

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

// A modal opens with focus on its first field, never on its close button.
describe('two-step modals open with focus on their first field', () => {
  it('the sign-in code modal focuses the first digit box', async () => {
    mockFetch(() => ({ body: { profiles: [] } }));
    renderWithProviders(
      <SignInCodeModal
        tempToken={tempToken}
        profile={{ id: 7, type: 'AUTH_APP' }}
        submitCode={vi.fn(() => Promise.resolve())}
        onClose={vi.fn()}
        onError={vi.fn()}
      />,
    );
    const first = await screen.findByLabelText('Digit 1 of 6');
    await waitFor(() => expect(first).toHaveFocus());
    expect(screen.getByRole('button', { name: 'Close' })).not.toHaveFocus();
  });

  it('the add-profile modal focuses the first choice, then the e-mail field', async () => {
    mockFetch(() => ({ status: 404, body: { error: 'NOT_FOUND', message: 'Not found.' } }));
    renderWithProviders(
      <AddProfileModal
        opened
        userId={10}
        preferred
        types={['AUTH_APP', 'EMAIL']}
        onClose={vi.fn()}
        onError={vi.fn()}
      />,
    );
    const choice = await screen.findByRole('radio', { name: /authenticator/i });
    await waitFor(() => expect(choice).toHaveFocus());
    await userEvent.click(screen.getByRole('radio', { name: /e-?mail/i }));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: /e-?mail/i })).toHaveFocus());
  });

  it('the add-profile modal with only the authenticator left focuses the first box once usable', async () => {
    mockFetch(() => ({
      body: {
        profileInfo: { id: 7, type: 'AUTH_APP', value: null, preferred: true, verified: false },
        qrCode: 'data:image/png;base64,AAAA',
        secret: 'JBSWY3DPEHPK3PXP',
      },
    }));
    renderWithProviders(
      <AddProfileModal
        opened
        userId={10}
        preferred
        types={['AUTH_APP']}
        onClose={vi.fn()}
        onError={vi.fn()}
      />,
    );
    expect(await screen.findByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Digit 1 of 6')).toHaveFocus());
  });

  it('the delete-profile modal focuses the password field', async () => {
    renderWithProviders(<DeleteProfileModal profileId={7} onClose={vi.fn()} onError={vi.fn()} />);
    const password = await screen.findByLabelText(/^Password/);
    await waitFor(() => expect(password).toHaveFocus());
  });
});
