import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Encounter } from '@dermis/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../lib/testing/fetch-mock';
import { renderWithProviders } from '../../../lib/testing/render';
import { createSessionStore } from '../../../lib/session';
import { StartupModal } from './startup-modal';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const unfinished = [{ id: 41 }, { id: 42 }] as Encounter[];

function setup(suppressed = false) {
  const fetch = mockFetch((url, init) => {
    if (url.endsWith('encounter/setHistoryFinished')) {
      const body = JSON.parse(init.body as string) as { encounterId: number };
      return { status: 400, body: { error: 'VALIDATION', message: `stub ${body.encounterId}` } };
    }
    return { status: 404, body: { error: 'NOT_FOUND', message: 'Not found.' } };
  });
  const session = createSessionStore(localStorage);
  const view = renderWithProviders(
    <StartupModal patientId={7} firstName="Jane" unfinished={unfinished} suppressed={suppressed} />,
    { session },
  );
  return { ...view, fetch, session };
}

describe('StartupModal', () => {
  it("greets by first name; 'Review my profile' opens the first visit's screening and is not asked again", async () => {
    const { session } = setup();
    expect(await screen.findByRole('dialog', { name: 'Dear Jane' })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Review my profile' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/screening/41/basic-info'));
    expect(session.get().notificationModalShown).toBe(true);
  });

  it("'My profile is up to date' finishes the first visit; a failure says so and the question stays unanswered", async () => {
    const { fetch, session } = setup();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'My profile is up to date' }));
    await waitFor(() =>
      expect(fetch.mock.calls.some(([url]) => (url as string).endsWith('encounter/setHistoryFinished'))).toBe(
        true,
      ),
    );
    const call = fetch.mock.calls.find(([url]) => (url as string).endsWith('encounter/setHistoryFinished'));
    expect(JSON.parse(call?.[1]?.body as string)).toEqual({ encounterId: 41, historyFinished: true });
    expect(await screen.findByTestId('error-modal-message')).toBeInTheDocument();
    expect(session.get().notificationModalShown).toBe(false);
  });

  it('stays away on the wizards', () => {
    setup(true);
    expect(screen.queryByRole('dialog', { name: 'Dear Jane' })).not.toBeInTheDocument();
  });
});
