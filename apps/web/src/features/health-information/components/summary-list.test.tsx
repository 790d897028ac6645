import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HealthInfoResponse } from '@dermis/contract';
import { createSessionStore } from '../../../lib/session';
import { mockFetch } from '../../../lib/testing/fetch-mock';
import { validToken } from '../../../lib/testing/fake-jwt';
import { servers } from '../../../lib/testing/fixtures';
import { renderWithProviders } from '../../../lib/testing/render';
import { SummaryList } from './summary-list';

const names = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => ({ name: `Allergy ${to - i}` }));

const answer = (allergies: { name: string }[], total: number): HealthInfoResponse => ({
  demographics: {
    firstName: 'Daniel',
    lastName: 'Reed',
    dateOfBirth: '1980-01-01',
    gender: 'MALE',
    preferredLanguageIsoCode: null,
    races: [],
    ethnicities: [],
  },
  allergies,
  medications: [],
  medicalProblems: [],
  smokingStatusList: [],
  totals: { allergies: total, medications: 0, medicalProblems: 0 },
});

describe('SummaryList', () => {
  beforeEach(() => {
    localStorage.clear();
    createSessionStore(localStorage).setTokens({
      accessToken: validToken(),
      refreshToken: validToken(),
      servers,
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  const show = (first: HealthInfoResponse) =>
    renderWithProviders(
      <SummaryList
        patientId={7}
        list="allergies"
        first={first}
        lines={(info) => info.allergies.map((a) => a.name)}
        title="Allergies"
        testId="health-info-allergies"
      />,
    );

  it('says how many are shown and, by keyboard, loads the list whole and focuses the first new entry', async () => {
    const fetch = mockFetch(() => ({ body: answer(names(1, 25), 25) }));
    show(answer(names(6, 25), 25));
    expect(screen.getAllByRole('listitem')).toHaveLength(20);
    expect(screen.getByText('The newest 20 of 25.')).toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'Show all (25) Allergies' });
    button.focus();
    await userEvent.keyboard('{Enter}');

    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(25));
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]![0] as string).toMatch(/\/patient\/healthInfo\/_rid\/7\?list=allergies$/);
    await waitFor(() => expect(screen.getAllByRole('listitem')[20]).toHaveFocus());
    expect(screen.getAllByRole('listitem')[20]).toHaveTextContent('Allergy 5');
    expect(screen.queryByRole('button', { name: /Show all/ })).not.toBeInTheDocument();
  });

  it('shows a list that fits as before: no count, no button, nothing asked', () => {
    const fetch = mockFetch(() => ({ body: answer([], 0) }));
    show(answer(names(1, 3), 3));
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    expect(screen.queryByText(/The newest/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });
});
