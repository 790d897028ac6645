import { Skeleton, Stack, Table } from '@mantine/core';
import { t } from '../lib/i18n';
import { VisuallyHidden } from '@mantine/core';

/** Announces the loading once to screen readers; the grey shapes themselves are hidden from them. */
function LoadingStatus({ label }: { label?: string }) {
  return (
    <VisuallyHidden role="status" aria-live="polite">
      {label ?? t('components.loading')}
    </VisuallyHidden>
  );
}

/** Rows of grey bars where a list is loading (instead of a bare spinner). */
export function ListSkeleton({ rows = 3, label }: { rows?: number; label?: string }) {
  return (
    <Stack gap="sm" aria-busy data-testid="list-skeleton">
      <LoadingStatus label={label} />
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} height={44} radius="sm" aria-hidden />
      ))}
    </Stack>
  );
}

/** The shape of a table while its rows load: header and body cells as grey bars. */
export function TableSkeleton({
  rows = 3,
  columns = 3,
  label,
}: {
  rows?: number;
  columns?: number;
  label?: string;
}) {
  return (
    <div aria-busy data-testid="table-skeleton">
      <LoadingStatus label={label} />
      <Table aria-hidden>
        <Table.Tbody>
          {Array.from({ length: rows }, (_, row) => (
            <Table.Tr key={row}>
              {Array.from({ length: columns }, (_, column) => (
                <Table.Td key={column}>
                  <Skeleton height={16} radius="sm" />
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}
