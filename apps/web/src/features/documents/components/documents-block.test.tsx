import { screen } from '@testing-library/react';
import dayjs from 'dayjs';
import type { PatientDocument } from '@dermis/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n/language';
import { mockFetch } from '../../../lib/testing/fetch-mock';
import { renderWithProviders } from '../../../lib/testing/render';
import { DocumentsBlock } from './documents-block';

const document: PatientDocument = {
  id: 1,
  name: 'Patch test results',
  contentS3Id: 'a'.repeat(32),
  dateCreated: '2026-03-05T10:00:00.000Z',
  addedOn: '2026-03-05T10:00:00.000Z',
  ownerFullName: 'Marcus Hale, DO',
  fileName: 'patch-test-results.pdf',
  mimeType: 'application/pdf',
  contentLength: 100,
};

afterEach(async () => {
  vi.unstubAllGlobals();
  await setLanguage('en', { remember: false });
});

describe('DocumentsBlock', () => {
  it("shows the newest document and 'Show details' when there are documents", async () => {
    const fetch = mockFetch(() => ({ body: { total: 1, inRange: 0, latest: document } }));
    renderWithProviders(<DocumentsBlock patientId={7} />);
    expect(await screen.findByText('1 document')).toBeInTheDocument();
    expect(screen.getByText(/Latest: Patch test results \(March 0\d, 2026\)/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Show details' })).toHaveAttribute(
      'href',
      '/my-health-profile/documents',
    );
    expect(fetch.mock.calls[0]?.[0]).toMatch(/^\/api\/app\/dms\/getPatientDocumentsSummary\/_rid\/7\?/);
  });

  it('counts two documents in the plural', async () => {
    mockFetch(() => ({ body: { total: 2, inRange: 0, latest: document } }));
    renderWithProviders(<DocumentsBlock patientId={7} />);
    expect(await screen.findByText('2 documents')).toBeInTheDocument();
  });

  it('names the month of the latest document in Spanish (decision 155) and counts in Spanish (decision 164)', async () => {
    await setLanguage('es', { remember: false });
    mockFetch(() => ({ body: { total: 1, inRange: 0, latest: document } }));
    renderWithProviders(<DocumentsBlock patientId={7} />);
    expect(await screen.findByText(/Patch test results \(0\d de marzo de 2026\)/)).toBeInTheDocument();
    expect(screen.getByText('1 documento')).toBeInTheDocument();
    expect(screen.queryByText(/March/)).toBeNull();
  });

  it('asks for the range Show details opens on (the last 7 days, whole local days) and says its count', async () => {
    const fetch = mockFetch(() => ({ body: { total: 5, inRange: 2, latest: document } }));
    renderWithProviders(<DocumentsBlock patientId={7} />);
    expect(await screen.findByText('5 documents')).toBeInTheDocument();
    expect(screen.getByTestId('documents-in-default-range')).toHaveTextContent(
      'Last 7 days: 2 documents. Show details opens on this range.',
    );
    const asked = new URL(fetch.mock.calls[0]?.[0] as string, 'http://portal.test').searchParams;
    expect(asked.get('createdFrom')).toBe(dayjs().subtract(7, 'day').startOf('day').toISOString());
    expect(asked.get('createdBefore')).toBe(dayjs().add(1, 'day').startOf('day').toISOString());
  });

  it("has no 'Show details' without documents", async () => {
    mockFetch(() => ({ body: { total: 0, inRange: 0, latest: null } }));
    renderWithProviders(<DocumentsBlock patientId={7} />);
    expect(await screen.findByText("You don't have any documents uploaded")).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Show details' })).toBeNull();
  });
});
