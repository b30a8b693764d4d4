// The footer of an order's lines table (purchase and sales orders alike): the subtotal, each amount added or taken
// off that is not zero, and the total, right-aligned under the line totals' column.
import { Table } from '@mantine/core';

export interface OrderTotalsProps {
  /** The columns of the table before its last one (the line totals). */
  labelColumns: number;
  subtotal: string;
  /** In the order shown: each label with its amount, skipped when the amount is 0. */
  adjustments: ReadonlyArray<[label: string, amount: number]>;
  total: string;
  format: (amount: number) => string;
}

export function OrderTotals({ labelColumns, subtotal, adjustments, total, format }: OrderTotalsProps) {
  const row = (label: string, value: string, strong = false) => (
    <Table.Tr key={label}>
      <Table.Td colSpan={labelColumns} ta="right" fw={strong ? 700 : 500}>
        {label}
      </Table.Td>
      <Table.Td ta="right" fw={strong ? 700 : 500}>
        {value}
      </Table.Td>
    </Table.Tr>
  );
  return (
    <Table.Tfoot>
      {row('Subtotal', subtotal)}
      {adjustments.filter(([, amount]) => amount !== 0).map(([label, amount]) => row(label, format(amount)))}
      {row('Total', total, true)}
    </Table.Tfoot>
  );
}
