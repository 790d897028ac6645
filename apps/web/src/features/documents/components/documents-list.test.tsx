import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import type { PatientDocument } from '@dermis/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../lib/testing/fetch-mock';
import { renderWithProviders } from '../../../lib/testing/render';
import { defaultRange } from '../date-range';
import { DocumentsList } from './documents-list';

const today = dayjs();
const document = (id: number, name: string, daysAgo: number): PatientDocument => ({
  id,
  name,
  contentS3Id: 'a'.repeat(32),
  dateCreated: today.subtract(daysAgo, 'day').hour(12).toISOString(),
  addedOn: today.subtract(daysAgo, 'day').hour(12).toISOString(),
  ownerFullName: null,
  fileName: `${id}.pdf`,
  mimeType: 'application/pdf',
  contentLength: 100,
});

afterEach(() => vi.unstubAllGlobals());

/**
 * The server as the list asks it: the documents created in [createdFrom, createdBefore), newest
 * first, `limit` at a time after the cursor (here simply the last id sent).
 */
function serve(documents: PatientDocument[]) {
  return mockFetch((url) => {
    const query = new URL(url, 'http://localhost').searchParams;
    const from = query.get('createdFrom');
    const before = query.get('createdBefore');
    const inRange = documents.filter(
      (d) =>
        (from === null || Date.parse(d.dateCreated) >= Date.parse(from)) &&
        (before === null || Date.parse(d.dateCreated) < Date.parse(before)),
    );
    const limit = Number(query.get('limit'));
    if (!limit) return { body: inRange };
    const cursor = query.get('cursor');
    const start = cursor === null ? 0 : inRange.findIndex((d) => String(d.id) === cursor) + 1;
    const page = inRange.slice(start, start + limit);
    const more = start + limit < inRange.length;
    return { body: { documents: page, nextCursor: more ? String(page.at(-1)!.id) : null } };
  });
}

async function rendered() {
  serve([document(1, 'Recent', 1), document(2, 'Older', 20)]);
  renderWithProviders(<DocumentsList patientId={7} />);
  await screen.findByText('Recent');
}

describe('the documents date fields', () => {
  it('open a calendar like the health information ones, and a day chosen there filters the list', async () => {
    await rendered();
    expect(screen.queryByText('Older')).toBeNull();
    const from = screen.getByTestId('documents-from');
    await userEvent.click(from);
    const previousMonth = await screen.findByRole('button', { name: 'Previous month' });
    // Back a month, to the first of that month: the older document is in range. The calendar opens
    // on the From day's month: the default range's start, a week back, which in a month's first
    // week is the month before today's.
    await userEvent.click(previousMonth);
    const first = dayjs(defaultRange().from).subtract(1, 'month').startOf('month');
    await userEvent.click(screen.getByRole('button', { name: first.format('MMMM D, YYYY') }));
    expect(from).toHaveValue(first.format('MM-DD-YYYY'));
    expect(await screen.findByText('Older')).toBeInTheDocument();
  });

  it('still take a typed day, and keep a wrong one as typed with its message', async () => {
    await rendered();
    const from = screen.getByTestId('documents-from');
    await userEvent.clear(from);
    await userEvent.type(from, '01-01-2020');
    expect(await screen.findByText('Older')).toBeInTheDocument();
    await userEvent.clear(from);
    await userEvent.type(from, '13-45-2020');
    await userEvent.tab();
    expect(from).toHaveValue('13-45-2020');
    expect(screen.getByText('Date is not valid')).toBeInTheDocument();
    expect(within(screen.getByTestId('documents-table')).getByText('Older')).toBeInTheDocument();
  });
});

describe('the documents list by page', () => {
  it('shows the first page of the range and, on "Show more", the next with the focus on its first', async () => {
    // 25 documents in the last 7 days (newest first: 'Doc 1' to 'Doc 25'), one older outside it.
    const recent = Array.from({ length: 25 }, (_, i) => ({
      ...document(i + 1, `Doc ${i + 1}`, 1),
      dateCreated: today.subtract(1, 'day').hour(12).subtract(i, 'minute').toISOString(),
    }));
    const fetchMock = serve([...recent, document(99, 'Older', 20)]);
    renderWithProviders(<DocumentsList patientId={7} />);
    await screen.findByText('Doc 1');
    const table = screen.getByTestId('documents-table');
    // The first screenful renders first, the rest of the page right after (screenful-first.ts).
    expect(await within(table).findByText('Doc 20')).toBeInTheDocument();
    expect(within(table).queryByText('Doc 21')).toBeNull();
    expect(screen.getByTestId('documents-shown-count')).toHaveTextContent('Showing 20 documents');
    // The range went to the server: the first page asked for it, 20 at a time.
    const firstUrl = new URL(fetchMock.mock.calls[0]![0] as string, 'http://localhost');
    expect(firstUrl.searchParams.get('limit')).toBe('20');
    expect(firstUrl.searchParams.get('createdFrom')).toBe(
      today.subtract(7, 'day').startOf('day').toISOString(),
    );

    // By keyboard: the button takes the focus, Enter presses it.
    const more = screen.getByRole('button', { name: 'Show more documents' });
    more.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(within(table).getByText('Doc 21')).toHaveFocus());
    expect(within(table).getByText('Doc 25')).toBeInTheDocument();
    expect(within(table).queryByText('Older')).toBeNull();
    expect(screen.getByTestId('documents-shown-count')).toHaveTextContent('Showing 25 documents');
    expect(screen.queryByRole('button', { name: 'Show more documents' })).toBeNull();
  });

  it('shows neither a count nor a button when the range fits on one page', async () => {
    await rendered();
    expect(screen.queryByTestId('documents-shown-count')).toBeNull();
    expect(screen.queryByTestId('documents-show-more')).toBeNull();
  });

  it('tells no documents at all from none in the range', async () => {
    serve([document(2, 'Older', 20)]);
    renderWithProviders(<DocumentsList patientId={7} />);
    expect(await screen.findByTestId('documents-empty-range')).toBeInTheDocument();
    vi.unstubAllGlobals();
    serve([]);
    renderWithProviders(<DocumentsList patientId={8} />);
    expect(await screen.findByTestId('documents-empty')).toBeInTheDocument();
  });
});
