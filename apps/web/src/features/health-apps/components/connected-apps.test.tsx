import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ConnectedHealthApp } from '@dermis/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n/language';
import { mockFetch } from '../../../lib/testing/fetch-mock';
import { userProfileFixture } from '../../../lib/testing/fixtures';
import { renderWithProviders } from '../../../lib/testing/render';
import { signedInSession } from '../../../lib/testing/signed-in';
import { ConnectedApps } from './connected-apps';

const diary: ConnectedHealthApp = {
  grantId: 'grant-1',
  clientId: 'dermis-demo-app',
  name: 'Health Diary',
  patientId: 7,
  resourceTypes: ['AllergyIntolerance', 'MedicationRequest'],
  connectedBy: 'Daniel Reed',
  connectedAt: '2026-11-02T15:04:00.000Z',
  lastUsedAt: null,
};

function guardian() {
  return signedInSession(
    userProfileFixture({
      responsibleForPatients: [
        { id: 7, firstName: 'Lucas', lastName: 'Doe', gender: 'MALE', relationship: 1 },
      ],
    }),
  );
}

/** A server holding one connection until it is disconnected. */
function serveConnections() {
  let apps = [diary];
  const disconnects: unknown[] = [];
  const fetch = mockFetch((url, init) => {
    if (url.endsWith('/healthApps/connected/_rid/7')) return { body: { apps } };
    if (url.endsWith('/healthApps/disconnect')) {
      disconnects.push(JSON.parse(init.body as string));
      apps = [];
      return { body: {} };
    }
    return { status: 404, body: { error: 'NOT_FOUND', message: 'Not found' } };
  });
  return { fetch, disconnects };
}

describe('ConnectedApps', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await setLanguage('en', { remember: false });
  });

  it('lists an app with whose record, what it reads, who connected it and when, and disconnects it after confirmation', async () => {
    const { disconnects } = serveConnections();
    renderWithProviders(<ConnectedApps patientId={7} />, { session: guardian() });
    const table = await screen.findByTestId('connected-apps-table');
    expect(
      within(table)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Health Diary',
      'Lucas Doe',
      'Allergies, Medications',
      'Daniel Reed',
      'November 2, 2026',
      'Not yet',
      'Disconnect',
    ]);

    await userEvent.click(screen.getByRole('button', { name: 'Disconnect Health Diary' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disconnect Health Diary?' });
    expect(dialog).toHaveTextContent('Health Diary will no longer be able to read the record of Lucas Doe.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Disconnect' }));

    expect(await screen.findByText('Health Diary was disconnected.')).toBeInTheDocument();
    expect(await screen.findByText('No health apps are connected.')).toBeInTheDocument();
    expect(disconnects).toEqual([{ patientId: 7, grantId: 'grant-1' }]);
  });

  it('keeps the app when the patient cancels', async () => {
    const { disconnects } = serveConnections();
    renderWithProviders(<ConnectedApps patientId={7} />, { session: guardian() });
    await userEvent.click(await screen.findByRole('button', { name: 'Disconnect Health Diary' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByTestId('connected-apps-table')).toHaveTextContent('Health Diary');
    expect(disconnects).toEqual([]);
  });

  it('speaks Spanish, dates included', async () => {
    await setLanguage('es', { remember: false });
    serveConnections();
    renderWithProviders(<ConnectedApps patientId={7} />, { session: guardian() });
    const table = await screen.findByTestId('connected-apps-table');
    expect(within(table).getByRole('columnheader', { name: 'Puede leer' })).toBeInTheDocument();
    expect(table).toHaveTextContent('Alergias, Medicamentos');
    expect(table).toHaveTextContent('2 de noviembre de 2026');
    expect(within(table).getByRole('button', { name: 'Desconectar Health Diary' })).toBeInTheDocument();
  });
});
