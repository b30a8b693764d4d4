// After an action on many rows, the rows it refused: each one as the list names it (a SKU and name, an order's
// number and supplier) with the reason, so that the person can fix them and try again.
import { Button, Group, Modal, Stack, Table, Text } from '@mantine/core';

export interface RefusedRow {
  id: string;
  /** The cells that name the row, in the order of `columns`. */
  cells: readonly string[];
  reason: string;
}

interface Props {
  title: string;
  /** What the first cells are: ['SKU', 'Name']. The reason's column comes last. */
  columns: readonly string[];
  summary: string;
  rows: readonly RefusedRow[];
  onClose: () => void;
}

export function BulkResultDialog({ title, columns, summary, rows, onClose }: Props) {
  return (
    <Modal opened onClose={onClose} title={title} size="lg">
      <Stack gap="sm">
        <Text size="sm">{summary}</Text>
        <Table.ScrollContainer minWidth={420}>
          <Table aria-label="Refused rows" verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                {columns.map((column) => (
                  <Table.Th key={column}>{column}</Table.Th>
                ))}
                <Table.Th>Reason</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.id}>
                  {row.cells.map((cell, index) => (
                    <Table.Td key={columns[index]}>{cell}</Table.Td>
                  ))}
                  <Table.Td>{row.reason}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Group justify="flex-end">
          <Button onClick={onClose}>Done</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
