import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProfileUpdateInput } from '@dermis/contract';
import { createSessionStore } from '../../../lib/session';
import { mockFetch } from '../../../lib/testing/fetch-mock';
import { validToken } from '../../../lib/testing/fake-jwt';
import { servers, userProfileFixture } from '../../../lib/testing/fixtures';
import { renderWithProviders } from '../../../lib/testing/render';
import { storedProfile } from '../profile.fixture';
import { EditProfileForm } from './edit-profile-form';

describe('EditProfileForm: sex assigned at birth', () => {
  let session: ReturnType<typeof createSessionStore>;
  // Outside the USA: the form needs no ethnicity or language to save.
  const profile = { ...storedProfile, nonUsa: true };

  beforeEach(() => {
    localStorage.clear();
    session = createSessionStore(localStorage);
    session.setTokens({ accessToken: validToken(), refreshToken: validToken(), servers });
    session.setUser(userProfileFixture({ id: profile.id }));
  });
  afterEach(() => vi.unstubAllGlobals());

  /** The select's input, which its label names (Mantine labels its option list with it too). */
  function birthSexSelect() {
    const select = screen.getByTestId('field-birthSex');
    expect(screen.getAllByLabelText('Sex assigned at birth')).toContain(select);
    return select;
  }

  /** The bodies the form posted to patient/update, answered with what was sent as stored. */
  function server() {
    const sent: ProfileUpdateInput[] = [];
    const fetch = mockFetch((url, init) => {
      const body = JSON.parse(init.body as string) as ProfileUpdateInput;
      sent.push(body);
      expect(url).toContain('/patient/update');
      return { body: { ...profile, birthSex: body.birthSex || null } };
    });
    return { sent, fetch };
  }

  it('shows the stored answer in a labelled select and saves another choice', async () => {
    const { sent } = server();
    const onDone = vi.fn();
    renderWithProviders(<EditProfileForm profile={profile} avatar={null} onDone={onDone} />, { session });
    const select = birthSexSelect();
    expect(select).toHaveValue('Female');

    await userEvent.click(select);
    expect(screen.getByRole('option', { name: 'Male' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('option', { name: 'Unknown' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(sent.at(-1)?.birthSex).toBe('UNK');
  });

  it('reads "Not given" when there is no answer, and sends it as the empty choice', async () => {
    const { sent } = server();
    const onDone = vi.fn();
    renderWithProviders(
      <EditProfileForm profile={{ ...profile, birthSex: null }} avatar={null} onDone={onDone} />,
      { session },
    );
    const select = birthSexSelect();
    expect(select).toHaveValue('');
    expect(select).toHaveAttribute('placeholder', 'Not given');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(sent.at(-1)?.birthSex).toBe('');
  });
});
