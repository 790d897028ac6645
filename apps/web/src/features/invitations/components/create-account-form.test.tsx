import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { mockFetch, type FakeReply } from '../../../lib/testing/fetch-mock';
import { renderWithProviders } from '../../../lib/testing/render';
import { LoginStateProbe } from '../testing/login-state-probe';
import { CreateAccountForm } from './create-account-form';

beforeEach(() => vi.unstubAllGlobals());

function renderForm(reply: FakeReply | (() => never)) {
  const fetchMock = mockFetch(() => (typeof reply === 'function' ? reply() : reply));
  renderWithProviders(<CreateAccountForm token="tok" />, {
    route: '/account/create/tok',
    path: '/account/create/:accountToken',
    routes: <Route path="/login" element={<LoginStateProbe />} />,
  });
  return fetchMock;
}

async function fill(values: Partial<Record<'username' | 'password' | 'rePassword' | 'dob', string>> = {}) {
  const user = userEvent.setup();
  const v = {
    username: 'ana.diaz',
    password: 'Secret123',
    rePassword: 'Secret123',
    dob: '03/12/1984',
    ...values,
  };
  if (v.username) await user.type(screen.getByRole('textbox', { name: 'Username' }), v.username);
  if (v.password) await user.type(screen.getByLabelText(/^Password/), v.password);
  if (v.rePassword) await user.type(screen.getByLabelText(/^Re-Enter Password/), v.rePassword);
  if (v.dob) await user.type(screen.getByRole('textbox', { name: 'Date of Birth' }), v.dob);
  await user.click(screen.getByRole('button', { name: 'Create Account' }));
}

describe('CreateAccountForm', () => {
  it('refuses letters in the date of birth, saying so, and keeps the digits', async () => {
    renderForm({ body: {} });
    const user = userEvent.setup();
    const field = screen.getByRole('textbox', { name: 'Date of Birth' });
    await user.type(field, '03/1x2/19a');
    expect(field).toHaveValue('03/12/19');
    expect(
      screen.getByText('Only digits and / can be typed in the date of birth (MM/DD/YYYY).'),
    ).toBeInTheDocument();
    // Finishing a whole date takes the message away.
    await user.type(field, '84');
    expect(field).toHaveValue('03/12/1984');
    expect(
      screen.queryByText('Only digits and / can be typed in the date of birth (MM/DD/YYYY).'),
    ).not.toBeInTheDocument();
  });

  it('validates every field with the spec messages and sends nothing', async () => {
    const fetchMock = renderForm({ body: {} });
    await fill({ username: 'a', password: 'short', rePassword: 'other', dob: '02/30/1984' });
    expect(
      await screen.findByText(
        'Username must contain alphanumeric or some of these special characters @. , - _ and + , 3-35 characters in length',
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'Password must be at least 8 characters long, contain at least one uppercase letter and one number.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('The password confirmation does not match.')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid date in the format MM/DD/YYYY.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Username' })).toHaveValue('a');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the required messages on an empty form', async () => {
    renderForm({ body: {} });
    await fill({ username: '', password: '', rePassword: '', dob: '' });
    expect(await screen.findByText('Username is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByText('Re-Enter Password is required')).toBeInTheDocument();
    expect(screen.getByText('Date of Birth is required')).toBeInTheDocument();
  });

  it('sends the date as YYYY-MM-DD, reads In Progress... meanwhile, and goes to /login with the notice', async () => {
    let answer!: (reply: FakeReply) => void;
    const pending = new Promise<FakeReply>((resolve) => (answer = resolve));
    const fetchMock = mockFetch(() => pending);
    renderWithProviders(<CreateAccountForm token="tok" />, {
      route: '/account/create/tok',
      routes: <Route path="/login" element={<LoginStateProbe />} />,
    });
    await fill();
    expect(await screen.findByRole('button', { name: 'In Progress...' })).toBeDisabled();
    const body = JSON.parse(fetchMock.mock.calls[0]![1]!.body as string) as Record<string, unknown>;
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/app/patient/createAccount');
    expect(body).toEqual({
      token: 'tok',
      username: 'ana.diaz',
      password: 'Secret123',
      rePassword: 'Secret123',
      dateOfBirth: '1984-03-12',
    });
    answer({ body: { tokenStatus: 'UNUSED', username: 'ana.diaz' } });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
    expect(screen.getByTestId('login-state')).toHaveTextContent(
      JSON.stringify({
        notifications: ['Your account has been created successfully and is ready to use.'],
        username: 'ana.diaz',
      }),
    );
  });

  it('goes to /login with a warning when the link was used', async () => {
    renderForm({ body: { tokenStatus: 'USED' } });
    await fill();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
    expect(screen.getByTestId('login-state')).toHaveTextContent(
      'This create account link has already been used. Please sign in.',
    );
  });

  it.each([
    [
      { body: { tokenStatus: 'EXPIRED' } },
      'This create account link has expired. Please ask your clinic staff to send you a new one.',
    ],
    [{ body: { tokenStatus: 'INVALID' } }, 'This create account link is invalid.'],
    [
      { body: { tokenStatus: 'UNUSED', error: 'USERNAME_EXISTS' } },
      'The username exists in our system, please choose another.',
    ],
    [{ body: { tokenStatus: 'UNUSED', error: 'WRONG_DATE_OF_BIRTH' } }, 'Wrong date of birth.'],
    [
      { body: { tokenStatus: 'UNUSED' } },
      'Your account cannot be created at the moment. Please try again later or ask your clinic staff to send you a new create account link.',
    ],
    [
      { body: { something: 'else' } },
      'Your account cannot be created at the moment. Please try again later or ask your clinic staff to send you a new create account link.',
    ],
    [
      { status: 500, body: { error: 'INTERNAL_ERROR', message: 'x' } },
      'createAccount request failed, please try again ...',
    ],
  ])('shows the message for %j and keeps what was typed', async (reply, message) => {
    renderForm(reply);
    await fill();
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('textbox', { name: 'Username' })).toHaveValue('ana.diaz');
    expect(screen.getByRole('textbox', { name: 'Date of Birth' })).toHaveValue('03/12/1984');
    expect(screen.getByTestId('location')).toHaveTextContent('/account/create/tok');
  });

  it('says the service is not available on a network failure', async () => {
    renderForm(() => {
      throw new TypeError('Failed to fetch');
    });
    await fill();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Service is not available at the moment. Please try again later or ask your clinic staff for the help.',
    );
  });
});
