import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../lib/testing/render';
import { DataTable, stackedTableQuery, type DataTableColumn } from './data-table';

interface Visit {
  id: number;
  doctor: string;
}

const rows: Visit[] = [
  { id: 1, doctor: 'Dr. Ames' },
  { id: 2, doctor: 'Dr. Burke' },
];

/** A screen as wide as `phone` says, as the browser's matchMedia answers. */
function givenScreen(phone: boolean) {
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({
        matches: phone && query === stackedTableQuery,
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('DataTable', () => {
  it('renders a phone’s cards at once, never a table first', () => {
    givenScreen(true);
    const cell = vi.fn((visit: Visit) => visit.doctor);
    const columns: DataTableColumn<Visit>[] = [{ key: 'doctor', header: 'Doctor', primary: true, cell }];
    renderWithProviders(
      <DataTable columns={columns} rows={rows} rowKey={(visit) => visit.id} label="Visits" />,
    );
    expect(screen.getByRole('list', { name: 'Visits' })).toHaveTextContent('Dr. AmesDr. Burke');
    expect(screen.queryByRole('table')).toBeNull();
    // Each row's cell once: the rows were not rendered as a table row before.
    expect(cell).toHaveBeenCalledTimes(rows.length);
  });

  it('renders a table on a wider screen', () => {
    givenScreen(false);
    const columns: DataTableColumn<Visit>[] = [
      { key: 'doctor', header: 'Doctor', primary: true, cell: (visit) => visit.doctor },
    ];
    renderWithProviders(
      <DataTable columns={columns} rows={rows} rowKey={(visit) => visit.id} label="Visits" />,
    );
    expect(screen.getByRole('table', { name: 'Visits' })).toHaveTextContent('Dr. Burke');
  });
});
