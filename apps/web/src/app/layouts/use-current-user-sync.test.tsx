import { act, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserProfile } from '@dermis/contract';
import { mockFetch } from '../../lib/testing/fetch-mock';
import { userProfileFixture } from '../../lib/testing/fixtures';
import { renderWithProviders } from '../../lib/testing/render';
import { signedInSession } from '../../lib/testing/signed-in';
import { useCurrentUserSync } from './use-current-user-sync';

function Sync({ user }: { user: UserProfile }) {
  useCurrentUserSync(user);
  return null;
}

describe('useCurrentUserSync', () => {
  const user = userProfileFixture({ id: 100, username: 'jdoe' });
  let session: ReturnType<typeof signedInSession>;

  beforeEach(() => {
    localStorage.clear();
    session = signedInSession(user);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('takes the user the server answers when it changed', async () => {
    const changed = {
      ...user,
      responsibleForPatients: [
        { id: 7, firstName: 'Sam', lastName: 'Doe', gender: 'MALE' as const, relationship: 2 },
      ],
    };
    mockFetch(() => ({ body: changed }));
    renderWithProviders(<Sync user={user} />, { session });
    await waitFor(() => expect(session.get().user).toEqual(changed));
  });

  it('leaves the session as it is when the server answers the same user, so nothing re-renders', async () => {
    // The same values in another order, as a fresh answer may give them.
    const same = Object.fromEntries(Object.entries(user).reverse());
    const fetch = mockFetch(() => ({ body: same }));
    const notified = vi.fn();
    session.subscribe(notified);
    const { queryClient } = renderWithProviders(<Sync user={user} />, { session });
    await waitFor(() =>
      expect(queryClient.getQueryState(['user-by-username', 'jdoe'])?.status).toBe('success'),
    );
    await act(async () => {});
    expect(fetch).toHaveBeenCalled();
    expect(notified).not.toHaveBeenCalled();
    expect(session.get().user).toBe(user);
  });
});
