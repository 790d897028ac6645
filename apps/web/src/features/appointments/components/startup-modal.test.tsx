import { useEffect, useState } from 'react';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Encounter } from '@dermis/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../lib/testing/fetch-mock';
import { renderWithProviders } from '../../../lib/testing/render';
import { createSessionStore } from '../../../lib/session';
import { AppModal } from '../../../components/app-modal';
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

  it('waits while another modal is open and greets once it has closed', async () => {
    // The greeting can arrive late (the signed-in header is its own chunk): a dialog the user has
    // opened meanwhile stays on top and usable.
    function Page() {
      const [open, setOpen] = useState(true);
      const [greet, setGreet] = useState(false);
      useEffect(() => {
        const timer = setTimeout(() => setGreet(true), 20);
        return () => clearTimeout(timer);
      }, []);
      return (
        <>
          <AppModal opened={open} onClose={() => setOpen(false)} title="Add profile">
            <button type="button" onClick={() => setOpen(false)}>
              Done
            </button>
          </AppModal>
          {greet && (
            <StartupModal patientId={7} firstName="Jane" unfinished={unfinished} suppressed={false} />
          )}
        </>
      );
    }
    mockFetch(() => ({ status: 404, body: { error: 'NOT_FOUND', message: 'Not found.' } }));
    renderWithProviders(<Page />);
    expect(await screen.findByRole('dialog', { name: 'Add profile' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole('dialog', { name: 'Dear Jane' })).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Done' }));
    expect(await screen.findByRole('dialog', { name: 'Dear Jane' })).toBeInTheDocument();
  });
});
