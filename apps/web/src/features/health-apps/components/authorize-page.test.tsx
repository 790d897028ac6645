import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { HealthAppAuthorizationResponse } from '@dermis/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n/language';
import { mockFetch, type FakeReply } from '../../../lib/testing/fetch-mock';
import { renderWithProviders } from '../../../lib/testing/render';
import { signedInSession } from '../../../lib/testing/signed-in';
import { AuthorizePage } from './authorize-page';

const asked: HealthAppAuthorizationResponse = {
  app: { clientId: 'dermis-demo-app', name: 'Health Diary' },
  resourceTypes: ['Patient', 'AllergyIntolerance', 'MedicationRequest', 'Observation'],
  scopes: ['launch/patient', 'patient/*.rs', 'offline_access'],
  offlineAccess: true,
  patients: [
    { patientId: 100, firstName: 'Jane', lastName: 'Doe', self: true, inviteRequired: false },
    { patientId: 7, firstName: 'Lucas', lastName: 'Doe', self: false, inviteRequired: true },
  ],
  inviteRequired: true,
};

function serve(approve: (body: Record<string, unknown>) => FakeReply, request = asked) {
  return mockFetch((url, init) => {
    if (url.endsWith('/healthApps/authorization/uid-1')) return { body: request };
    if (url.endsWith('/healthApps/authorization/approve'))
      return approve(JSON.parse(init.body as string) as Record<string, unknown>);
    if (url.endsWith('/healthApps/authorization/deny'))
      return { body: { redirectTo: '/oauth2/auth/x?denied' } };
    return { status: 404, body: { error: 'NOT_FOUND', message: 'Not found' } };
  });
}

describe('AuthorizePage', () => {
  beforeEach(() => localStorage.clear());
  afterEach(async () => {
    vi.unstubAllGlobals();
    await setLanguage('en', { remember: false });
  });

  it('shows what the app asks for in plain words, all allowed by default, and sends what the patient left checked', async () => {
    const sent: Array<Record<string, unknown>> = [];
    serve((body) => {
      sent.push(body);
      return { body: { redirectTo: '/oauth2/auth/x' } };
    });
    const leave = vi.fn();
    renderWithProviders(<AuthorizePage uid="uid-1" leave={leave} />, { session: signedInSession() });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Health Diary asks to read health information' }),
    ).toBeInTheDocument();
    const kinds = screen.getByRole('group', { name: /What Health Diary may read/ });
    expect(within(kinds).getAllByRole('checkbox')).toHaveLength(4);
    expect(within(kinds).getByLabelText('Allergies')).toBeChecked();
    expect(within(kinds).getByLabelText('Medications')).toBeChecked();
    expect(within(kinds).getByLabelText('Test results, vital signs and smoking status')).toBeChecked();
    expect(screen.getByText('Stay connected (offline access)')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Jane Doe (you)' })).toBeChecked();
    // The app is connected to Jane's record already: no code for hers, one for Lucas's.
    expect(screen.queryByLabelText('Invite code')).toBeNull();

    await userEvent.click(screen.getByRole('radio', { name: 'Lucas Doe' }));
    await userEvent.click(within(kinds).getByLabelText('Medications'));
    await userEvent.type(screen.getByLabelText('Invite code'), ' ABCD-1234 ');
    await userEvent.click(screen.getByRole('button', { name: 'Allow' }));

    await waitFor(() => expect(leave).toHaveBeenCalledWith('/oauth2/auth/x'));
    expect(sent).toEqual([
      {
        uid: 'uid-1',
        patientId: 7,
        resourceTypes: ['Patient', 'AllergyIntolerance', 'Observation'],
        inviteCode: 'ABCD-1234',
      },
    ]);
    expect(screen.getByText('Returning you to Health Diary…')).toBeInTheDocument();
  });

  it("shows a wrong invite code in the server's words under its field, keeping every choice", async () => {
    const reason = 'The invite code is not valid for this patient.';
    serve(() => ({
      status: 400,
      body: {
        error: 'VALIDATION_ERROR',
        message: 'The request is not valid.',
        validationMessages: [{ field: 'inviteCode', description: reason }],
      },
    }));
    const leave = vi.fn();
    renderWithProviders(<AuthorizePage uid="uid-1" leave={leave} />, { session: signedInSession() });
    await userEvent.click(await screen.findByRole('radio', { name: 'Lucas Doe' }));
    const code = screen.getByLabelText('Invite code');
    await userEvent.click(screen.getByLabelText('Allergies'));
    await userEvent.type(code, 'WRONG-CODE');
    await userEvent.click(screen.getByRole('button', { name: 'Allow' }));

    await waitFor(() => expect(code).toHaveAccessibleDescription(new RegExp(reason)));
    expect(code).toHaveValue('WRONG-CODE');
    expect(screen.getByLabelText('Allergies')).not.toBeChecked();
    expect(screen.getByLabelText('Medications')).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Lucas Doe' })).toBeChecked();
    expect(leave).not.toHaveBeenCalled();
  });

  it('asks for at least one kind of information and for the invite code before calling the server', async () => {
    const fetch = serve(() => ({ body: { redirectTo: '/x' } }));
    renderWithProviders(<AuthorizePage uid="uid-1" leave={vi.fn()} />, { session: signedInSession() });
    for (const name of [
      'Personal details (name, birth date, contact information)',
      'Allergies',
      'Medications',
      'Test results, vital signs and smoking status',
    ])
      await userEvent.click(await screen.findByLabelText(name));
    await userEvent.click(screen.getByRole('radio', { name: 'Lucas Doe' }));
    await userEvent.click(screen.getByRole('button', { name: 'Allow' }));
    expect(
      await screen.findByText('Choose at least one kind of information, or choose Deny.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Invite code is required')).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('denies, and goes where the server says', async () => {
    serve(() => ({ body: { redirectTo: '/x' } }), {
      ...asked,
      inviteRequired: false,
      patients: [asked.patients[0]!],
    });
    const leave = vi.fn();
    renderWithProviders(<AuthorizePage uid="uid-1" leave={leave} />, { session: signedInSession() });
    expect(await screen.findByText('Record of Jane Doe (you)')).toBeInTheDocument();
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.queryByLabelText('Invite code')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Deny' }));
    await waitFor(() => expect(leave).toHaveBeenCalledWith('/oauth2/auth/x?denied'));
  });

  it("says an unknown or expired request cannot be shown, in the server's words", async () => {
    mockFetch(() => ({
      status: 404,
      body: { error: 'NOT_FOUND', message: 'This request has expired. Start again from the app.' },
    }));
    renderWithProviders(<AuthorizePage uid="gone" leave={vi.fn()} />, { session: signedInSession() });
    expect(await screen.findByTestId('authorize-load-failed')).toHaveTextContent(
      'This request has expired. Start again from the app.',
    );
  });

  it('speaks Spanish', async () => {
    await setLanguage('es', { remember: false });
    serve(() => ({ body: { redirectTo: '/x' } }));
    renderWithProviders(<AuthorizePage uid="uid-1" leave={vi.fn()} />, { session: signedInSession() });
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Health Diary solicita leer información de salud',
      }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Alergias')).toBeChecked();
    expect(screen.getByRole('button', { name: 'Permitir' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Denegar' })).toBeInTheDocument();
  });
});
