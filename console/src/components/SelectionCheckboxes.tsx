// The checkbox column of a list whose rows can be acted on together: the header's ticks or clears the page, each
// row's ticks its row, named for what it ticks so that a screen reader says which.
import { Checkbox, Table } from '@mantine/core';
import type { RowSelection } from '../lib/useRowSelection';

export function SelectPageHeader<Row extends { id: string }>({
  selection,
  rows,
}: {
  selection: RowSelection<Row>;
  rows: readonly Row[];
}) {
  const state = selection.pageState(rows);
  return (
    <Table.Th w={40}>
      <Checkbox
        aria-label="Select all rows on this page"
        checked={state === 'all'}
        indeterminate={state === 'some'}
        disabled={rows.length === 0}
        onChange={() => selection.togglePage(rows)}
      />
    </Table.Th>
  );
}

export function SelectRowCell<Row extends { id: string }>({
  selection,
  row,
  name,
}: {
  selection: RowSelection<Row>;
  row: Row;
  name: string;
}) {
  return (
    <Table.Td>
      <Checkbox aria-label={`Select ${name}`} checked={selection.has(row.id)} onChange={() => selection.toggle(row)} />
    </Table.Td>
  );
}
