import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import type { PatientDocument } from '@dermis/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../lib/testing/fetch-mock';
import { renderWithProviders } from '../../../lib/testing/render';
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

async function rendered() {
  mockFetch(() => ({ body: [document(1, 'Recent', 1), document(2, 'Older', 20)] }));
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
    // Back a month, to the first of that month: the older document is in range.
    await userEvent.click(previousMonth);
    const first = today.subtract(1, 'month').startOf('month');
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
