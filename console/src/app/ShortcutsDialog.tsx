// "?": the keyboard shortcuts and how scanning works, in a small dialog.
import { Kbd, Modal, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { paletteKeys } from './shortcuts';

const keys = (...names: string[]) =>
  names.map((name, index) => (
    <span key={name}>
      {index > 0 && ' '}
      <Kbd>{name}</Kbd>
    </span>
  ));

export function ShortcutsDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const rows: [keys: ReactNode, does: string][] = [
    [keys(...paletteKeys().split(' ')), 'Search the console: products, orders, suppliers, customers and screens'],
    [keys('/'), "Go to the screen's search field"],
    [keys('?'), 'Show these shortcuts'],
    [keys('↑', '↓'), 'Move through the search results'],
    [keys('Enter'), 'Open the highlighted result'],
    [keys('Esc'), 'Close the search or a dialog'],
  ];
  return (
    <Modal opened={opened} onClose={onClose} title="Keyboard shortcuts">
      <Table aria-label="Keyboard shortcuts" verticalSpacing="xs" highlightOnHover={false}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Keys</Table.Th>
            <Table.Th>What they do</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map(([pressed, does]) => (
            <Table.Tr key={does}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{pressed}</Table.Td>
              <Table.Td>{does}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="sm" c="dimmed" mt="sm">
        &quot;/&quot; and &quot;?&quot; work when the cursor is not in a field. A barcode scanner works in the search,
        the stock page&apos;s product filter, the physical count and the receipt of a purchase order.
      </Text>
    </Modal>
  );
}
