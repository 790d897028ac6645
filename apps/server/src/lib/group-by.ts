/**
 * Rows grouped by a key in one pass, each group in the rows' order. A long record's children (a
 * result's observations, a visit's providers) are attached through this rather than by filtering
 * every child for every parent, which grows with the square of the record.
 */
export function groupBy<T, K>(rows: readonly T[], keyOf: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  return groups;
}
