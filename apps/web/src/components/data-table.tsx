import type { ReactNode } from 'react';
import { Paper, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useScreenfulFirst } from './screenful-first';

export interface DataTableColumn<Row> {
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** The column that names a row: the title of its card on a phone. One per table. */
  primary?: boolean;
}

interface DataTableProps<Row> {
  columns: ReadonlyArray<DataTableColumn<Row>>;
  rows: readonly Row[];
  rowKey: (row: Row, index: number) => string | number;
  /** Names the table for assistive technology (and the card list on a phone). */
  label: string;
  /** Shown instead of the table when there are no rows (an EmptyState). */
  empty?: ReactNode;
  testId?: string;
}

/** Below this width a row becomes a card: no column is ever off-screen. */
export const stackedTableQuery = '(max-width: 48em)';

/**
 * A table on wide screens, a list of cards on a phone: every column stays readable without
 * sideways scrolling; the primary column titles each card, the others follow as label and value.
 */
export function DataTable<Row>({
  columns,
  rows: allRows,
  rowKey,
  label,
  empty,
  testId,
}: DataTableProps<Row>) {
  // Read while rendering, not in an effect: on a phone the table would otherwise render whole, then
  // again as cards.
  const stacked = useMediaQuery(stackedTableQuery, undefined, { getInitialValueInEffect: false });
  const { items: rows, pending } = useScreenfulFirst(allRows);
  if (rows.length === 0 && empty !== undefined) return <>{empty}</>;

  if (stacked) {
    const primary = columns.find((column) => column.primary) ?? columns[0];
    const others = columns.filter((column) => column !== primary);
    return (
      <Stack
        component="ul"
        aria-label={label}
        gap="sm"
        className="data-table-cards"
        data-testid={testId}
        data-rows-pending={pending || undefined}
      >
        {rows.map((row, index) => (
          <Paper component="li" key={rowKey(row, index)} withBorder radius="md" p="sm">
            {primary && (
              <Text fw={700} mb={4}>
                {primary.cell(row)}
              </Text>
            )}
            <dl
              className="data-table-card-fields"
              // A little air between one field's value and the next field's label (phone cards).
              style={{ margin: 0, display: 'grid', gap: 'var(--mantine-spacing-xs)' }}
            >
              {others.map((column) => (
                <div key={column.key}>
                  <Text component="dt" size="sm" c="dimmed">
                    {column.header}
                  </Text>
                  <Text component="dd">{column.cell(row)}</Text>
                </div>
              ))}
            </dl>
          </Paper>
        ))}
      </Stack>
    );
  }

  return (
    <Table
      striped
      highlightOnHover
      aria-label={label}
      data-testid={testId}
      data-rows-pending={pending || undefined}
    >
      <Table.Thead>
        <Table.Tr>
          {columns.map((column) => (
            <Table.Th key={column.key} scope="col">
              {column.header}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row, index) => (
          <Table.Tr key={rowKey(row, index)}>
            {columns.map((column) => (
              <Table.Td key={column.key}>{column.cell(row)}</Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
