import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authorizationOf, mockFetch, type FakeReply } from '../../../lib/testing/fetch-mock';
import { fakeJwt } from '../../../lib/testing/fake-jwt';
import { renderWithProviders } from '../../../lib/testing/render';
import { createSessionStore } from '../../../lib/session';
import { TwoStepSignIn } from './sign-in-two-step';

const now = Math.floor(Date.now() / 1000);
const tempToken = fakeJwt({ iat: now, exp: now + 600, userId: 10 });
const profileInfo = { id: 7, type: 'AUTH_APP', value: null, preferred: false, verified: false };

function mandatedSession() {
  const session = createSessionStore(localStorage);
  session.startTwoStep(tempToken, {
    available2FATypes: [],
    preferredProfileId: null,
    preferredProfileType: null,
    hasMoreProfiles: false,
    username: 'jdoe',
  });
  return session;
}

async function typeCode(code: string) {
  await userEvent.click(screen.getByLabelText('Digit 1 of 6'));
  await userEvent.keyboard(code);
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('TwoStepSignIn when the practice requires two-step', () => {
  // Two modals of typing through user-event take longer than vitest's default 5 s in jsdom.
  it('sets up an authenticator, then asks for a sign-in code', { timeout: 20_000 }, async () => {
    const calls: string[] = [];
    mockFetch((url, init): FakeReply => {
      calls.push(`${init.method ?? 'GET'} ${url} ${authorizationOf(init)}`);
      if (url.endsWith('/mfa/api/userProfiles/add'))
        return { body: { profileInfo, qrCode: 'data:image/png;base64,AAAA', secret: 'JBSWY3DPEHPK3PXP' } };
      if (url.endsWith('/mfa/api/userProfiles/verify'))
        return { body: { verified: true, profile: { ...profileInfo, preferred: true } } };
      if (url.endsWith('/mfa/api/userProfiles/getAll'))
        return {
          body: {
            profiles: [{ id: 7, type: 'AUTH_APP', value: null, preferred: true }],
            mfaRequired: true,
            available2FATypes: ['EMAIL', 'AUTH_APP'],
            is2FASetupMandatory: false,
            setup2FATime: 10,
          },
        };
      return { status: 404, body: { error: 'NOT_FOUND', message: 'Not found.' } };
    });
    const submitCode = vi.fn(() => Promise.resolve());
    const reset = vi.fn();
    renderWithProviders(<TwoStepSignIn submitCode={submitCode} reset={reset} />, {
      session: mandatedSession(),
    });

    expect(await screen.findByText('You have 10 minutes to complete the setup.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'QR code for your authenticator app' })).toBeInTheDocument();
    await typeCode('123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));

    expect(
      await screen.findByText(
        'To help keep your information secure, we want to make sure it is really you trying to sign in.',
      ),
    ).toBeInTheDocument();
    await typeCode('654321');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(submitCode).toHaveBeenCalledWith(7, '654321'));
    expect(reset).not.toHaveBeenCalled();
    expect(calls.filter((c) => c.includes('/mfa/api/')).every((c) => c.endsWith(`Bearer ${tempToken}`))).toBe(
      true,
    );
  });

  it('closes both modals and resets the sign-in when adding the profile fails', async () => {
    mockFetch(() => ({ status: 500, body: { error: 'INTERNAL_ERROR', message: 'x' } }));
    const reset = vi.fn();
    renderWithProviders(<TwoStepSignIn submitCode={vi.fn()} reset={reset} />, { session: mandatedSession() });
    await userEvent.click(await screen.findByRole('button', { name: 'Next' }));
    await waitFor(() => expect(reset).toHaveBeenCalled());
    expect(await screen.findByText('Failed to add new 2FA authentiction profile.')).toBeInTheDocument();
  });
});
