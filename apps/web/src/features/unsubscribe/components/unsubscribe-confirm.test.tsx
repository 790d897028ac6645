import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, type FakeReply } from '../../../lib/testing/fetch-mock';
import { renderWithProviders } from '../../../lib/testing/render';
import { UnsubscribeConfirm } from './unsubscribe-confirm';
import { UnsubscribeSuccess } from './unsubscribe-success';

beforeEach(() => vi.unstubAllGlobals());

const params = { pid: '5', uid: '7', type: '3', token: 'sig' };

describe('UnsubscribeConfirm', () => {
  it.each([
    ['1', 'Are you sure you want to unsubscribe from e-mail appointment reminders?'],
    ['3', 'Are you sure you want to unsubscribe from e-mail reminders to schedule future appointments?'],
    ['4', 'Are you sure you want to unsubscribe from custom e-mail messages?'],
  ])('asks with the wording of type %s', (type, text) => {
    renderWithProviders(<UnsubscribeConfirm params={{ ...params, type }} />);
    expect(screen.getByText(text)).toBeInTheDocument();
  });

  it('disables both buttons while sending, then goes to the success page with the type', async () => {
    let answer!: (reply: FakeReply) => void;
    const fetchMock = mockFetch(() => new Promise<FakeReply>((resolve) => (answer = resolve)));
    renderWithProviders(<UnsubscribeConfirm params={params} />, { route: '/unsubscribe' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'YES' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'NO' })).toBeDisabled());
    expect(screen.getByRole('button', { name: /YES/ })).toBeDisabled();
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/app/patient/unsubscribe?pid=5&uid=7&type=3&token=sig');
    expect(fetchMock.mock.calls[0]![1]!.method).toBe('POST');
    answer({ body: { unsubscribed: true, type: 3 } });
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/unsubscribe-success?type=3'),
    );
  });

  it('shows the error and stays on a failed request', async () => {
    mockFetch(() => ({ status: 400, body: { error: 'INVALID_UNSUBSCRIBE_LINK', message: 'x' } }));
    renderWithProviders(<UnsubscribeConfirm params={params} />, { route: '/unsubscribe' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'YES' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Something went wrong, please try again or contact system support.',
    );
    expect(screen.getByRole('button', { name: 'YES' })).toBeEnabled();
  });

  it('NO goes to /login without calling the server', async () => {
    const fetchMock = mockFetch(() => ({ body: {} }));
    renderWithProviders(<UnsubscribeConfirm params={params} />, { route: '/unsubscribe' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'NO' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('UnsubscribeSuccess', () => {
  it.each([
    ['1', 'You have been unsubscribed from e-mail appointment reminders.'],
    ['3', 'You have been unsubscribed from e-mail reminders to schedule future appointments.'],
    ['4', 'You have been unsubscribed from custom e-mail messages.'],
    [null, 'You have been unsubscribed.'],
  ])('shows the message of type %s and OK goes to /login', async (type, text) => {
    renderWithProviders(<UnsubscribeSuccess type={type} />, { route: '/unsubscribe-success' });
    expect(screen.getByText(text)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
  });
});
