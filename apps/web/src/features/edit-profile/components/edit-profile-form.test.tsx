import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProfileUpdateInput } from '@dermis/contract';
import { mockFetch } from '../../../lib/testing/fetch-mock';
import { userProfileFixture } from '../../../lib/testing/fixtures';
import { renderWithProviders } from '../../../lib/testing/render';
import { signedInSession } from '../../../lib/testing/signed-in';
import { storedProfile } from '../profile.fixture';
import { EditProfileForm } from './edit-profile-form';

describe('EditProfileForm: sex assigned at birth', () => {
  let session: ReturnType<typeof signedInSession>;
  // Outside the USA: the form needs no ethnicity or language to save.
  const profile = { ...storedProfile, nonUsa: true };

  beforeEach(() => {
    localStorage.clear();
    session = signedInSession(userProfileFixture({ id: profile.id }));
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
    // The options are looked for in the select's own list: a role query over the whole form reads
    // the style of every element of it, which took seconds under happy-dom.
    const options = within(document.getElementById(select.getAttribute('aria-controls')!)!);
    expect(options.getByRole('option', { name: 'Male' })).toBeInTheDocument();
    await userEvent.click(options.getByRole('option', { name: 'Unknown' }));
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
