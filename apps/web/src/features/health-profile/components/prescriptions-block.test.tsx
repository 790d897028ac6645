import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Prescription } from '@dermis/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../lib/testing/fetch-mock';
import { renderWithProviders } from '../../../lib/testing/render';
import { PrescriptionsBlock } from './prescriptions-block';

afterEach(() => vi.unstubAllGlobals());

const rx = (id: number, status: Prescription['status']): Prescription => ({
  id,
  fdbId: String(id),
  fdbDescription: `Drug ${id}`,
  fdbDrugType: 'SCD',
  status,
  sig: null,
  dateWritten: null,
  dateInactive: null,
  prescriberName: null,
  hasMonograph: false,
});

type Body = { patientId: number; limit?: number; cursor?: string };

/** The server's pages of `all`, by a cursor that is the index to start from. */
function server(all: Prescription[]) {
  return mockFetch((url, init) => {
    if (!url.endsWith('prescription/getHistory'))
      return { status: 404, body: { error: 'NOT_FOUND', message: 'x' } };
    const body = JSON.parse(init.body as string) as Body;
    const start = body.cursor === undefined ? 0 : Number(atob(body.cursor));
    const end = start + (body.limit ?? all.length);
    return {
      body: {
        patientId: body.patientId,
        prescriptions: all.slice(start, end),
        nextCursor: end < all.length ? btoa(String(end)) : null,
      },
    };
  });
}

describe('PrescriptionsBlock', () => {
  it('asks for 50, and Show more the next page by cursor with focus on the first new one', async () => {
    const all = [...Array.from({ length: 60 }, (_, n) => rx(n + 1, 'ACTIVE')), rx(61, 'INACTIVE')];
    const fetch = server(all);
    renderWithProviders(<PrescriptionsBlock patientId={7} />);
    await waitFor(() => expect(screen.getAllByTestId('prescription-item')).toHaveLength(50));
    expect(screen.getByTestId('prescriptions-shown-count')).toHaveTextContent('Showing 50 prescriptions');
    const user = userEvent.setup();
    screen.getByRole('button', { name: 'Show more prescriptions' }).focus();
    await user.keyboard('{Enter}');
    // Under Active the inactive one is read but not shown; no page is left, so no button either.
    await waitFor(() => expect(screen.getAllByTestId('prescription-item')).toHaveLength(60));
    await waitFor(() => expect(screen.getAllByTestId('prescription-item')[50]).toHaveFocus());
    expect(screen.queryByRole('button', { name: 'Show more prescriptions' })).not.toBeInTheDocument();
    const bodies = fetch.mock.calls.map(([, init]) => JSON.parse(init?.body as string) as Body);
    expect(bodies.map((b) => [b.limit, b.cursor])).toEqual([
      [50, undefined],
      [50, btoa('50')],
    ]);
  });

  it('offers no Show more under Active once the pages left hold inactive ones only', async () => {
    const all = [
      ...Array.from({ length: 10 }, (_, n) => rx(n + 1, 'ACTIVE')),
      ...Array.from({ length: 45 }, (_, n) => rx(n + 11, 'INACTIVE')),
    ];
    server(all);
    renderWithProviders(<PrescriptionsBlock patientId={7} />);
    await waitFor(() => expect(screen.getAllByTestId('prescription-item')).toHaveLength(10));
    expect(screen.queryByRole('button', { name: 'Show more prescriptions' })).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByText('All'));
    expect(await screen.findByRole('button', { name: 'Show more prescriptions' })).toBeInTheDocument();
  });

  it('shows a short history as before: no count, no Show more', async () => {
    server([rx(1, 'ACTIVE'), rx(2, 'INACTIVE')]);
    renderWithProviders(<PrescriptionsBlock patientId={7} />);
    await waitFor(() => expect(screen.getAllByTestId('prescription-item')).toHaveLength(1));
    expect(screen.queryByTestId('prescriptions-shown-count')).not.toBeInTheDocument();
    expect(screen.queryByTestId('prescriptions-show-more')).not.toBeInTheDocument();
  });
});
