// The pick of a draft shipment for the worker: the scan field on top, the short lines to pack short, then the lines
// with what is picked of each and steps of one up and down. From a tablet up the lines are a table; below 768 px
// each is a card with large buttons for a thumb, and nothing is wider than the phone.
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  List,
  Paper,
  Progress,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconMinus, IconPlus } from '@tabler/icons-react';
import { lineCode, pickedOf, progress, type PickLine } from './pick';
import { PickScanField } from './PickScanField';
import type { Shipment } from './status';
import type { PickState } from './usePick';

/** Below this, the pick is drawn for a phone (Mantine's `sm`, 48em: 768 px). */
export const PHONE_QUERY = '(max-width: 47.99em)';

export function PickPanel({ shipment, pick }: { shipment: Shipment; pick: PickState }) {
  const phone = useMediaQuery(PHONE_QUERY) ?? false;
  const { picked, total } = progress(shipment.lines, pick.counts);
  const shortIds = new Set(pick.shortShown ? pick.shorts.map(({ line }) => line.id) : []);
  return (
    <Paper withBorder p={phone ? 'sm' : 'md'}>
      <Stack gap="sm">
        <PickScanField shipment={shipment} pick={pick} />
        {pick.shortShown && pick.shorts.length > 0 && (
          <Alert color="orange" title="Short pick" role="alert">
            <Stack gap="xs">
              <Text size="sm">
                Packed short, the shipment ships what was picked. What is missing goes back to the order, which owes it
                again (backordered), and its reservation here is released:
              </Text>
              <List size="sm" aria-label="Lines picked short">
                {pick.shorts.map(({ line, picked }) => (
                  <List.Item key={line.id}>
                    {lineCode(line)}: {picked} of {line.quantity} picked, {line.quantity - picked} back to the order
                  </List.Item>
                ))}
              </List>
              <Group gap="xs">
                {picked > 0 ? (
                  <Button onClick={pick.confirmShort} loading={pick.sending}>
                    Pack short
                  </Button>
                ) : (
                  <Text size="sm" fw={500}>
                    Nothing is picked: cancel the shipment instead, which keeps its stock reserved for the order.
                  </Text>
                )}
                <Button variant="default" onClick={pick.keepPicking}>
                  Keep picking
                </Button>
              </Group>
            </Stack>
          </Alert>
        )}
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h4">
            Pick list
          </Title>
          <Text size="sm" fw={500}>
            {picked} of {total} picked
          </Text>
        </Group>
        <Progress value={total > 0 ? (picked / total) * 100 : 0} aria-label="Units picked" size="sm" />
        {phone ? (
          <Stack gap="xs" role="list" aria-label="Lines to pick">
            {shipment.lines.map((line) => (
              <LineCard key={line.id} line={line} pick={pick} short={shortIds.has(line.id)} />
            ))}
          </Stack>
        ) : (
          <Table aria-label="Lines to pick" verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Product</Table.Th>
                <Table.Th>SKU</Table.Th>
                <Table.Th ta="right">To pick</Table.Th>
                <Table.Th ta="center">Picked</Table.Th>
                <Table.Th>Check</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shipment.lines.map((line) => (
                <LineRow key={line.id} line={line} pick={pick} short={shortIds.has(line.id)} />
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Paper>
  );
}

interface LineProps {
  line: PickLine;
  pick: PickState;
  /** Flagged short, awaiting the worker's confirmation. */
  short: boolean;
}

function LineState({ line, pick, short }: LineProps) {
  const picked = pickedOf(pick.counts, line);
  if (short)
    return (
      <Badge color="orange" variant="light">
        Short
      </Badge>
    );
  if (picked >= line.quantity)
    return (
      <Badge color="teal" variant="light">
        Picked
      </Badge>
    );
  return null;
}

function LineRow({ line, pick, short }: LineProps) {
  const picked = pickedOf(pick.counts, line);
  return (
    <Table.Tr>
      <Table.Td>{line.product_name}</Table.Td>
      <Table.Td>{line.product_sku ?? '—'}</Table.Td>
      <Table.Td ta="right">{line.quantity}</Table.Td>
      <Table.Td>
        <Group gap="xs" justify="center" wrap="nowrap">
          <ActionIcon
            variant="default"
            aria-label={`One less ${line.product_name}`}
            disabled={picked === 0}
            onClick={() => pick.step(line, -1)}
          >
            <IconMinus size={16} aria-hidden />
          </ActionIcon>
          <Text size="sm" fw={600} miw={56} ta="center">
            {picked} of {line.quantity}
          </Text>
          <ActionIcon
            variant="default"
            aria-label={`One more ${line.product_name}`}
            disabled={picked >= line.quantity}
            onClick={() => pick.step(line, 1)}
          >
            <IconPlus size={16} aria-hidden />
          </ActionIcon>
        </Group>
      </Table.Td>
      <Table.Td>
        <LineState line={line} pick={pick} short={short} />
      </Table.Td>
    </Table.Tr>
  );
}

function LineCard({ line, pick, short }: LineProps) {
  const picked = pickedOf(pick.counts, line);
  return (
    <Paper withBorder p="sm" role="listitem" aria-label={line.product_name}>
      <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
        <div style={{ minWidth: 0 }}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {line.product_name}
          </Text>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {lineCode(line)}
          </Text>
        </div>
        <LineState line={line} pick={pick} short={short} />
      </Group>
      <Group justify="space-between" wrap="nowrap" mt="sm">
        <Button
          size="xl"
          variant="default"
          px="lg"
          aria-label={`One less ${line.product_name}`}
          disabled={picked === 0}
          onClick={() => pick.step(line, -1)}
        >
          <IconMinus size={28} aria-hidden />
        </Button>
        <Text size="xl" fw={700} ta="center">
          {picked} of {line.quantity}
        </Text>
        <Button
          size="xl"
          variant="default"
          px="lg"
          aria-label={`One more ${line.product_name}`}
          disabled={picked >= line.quantity}
          onClick={() => pick.step(line, 1)}
        >
          <IconPlus size={28} aria-hidden />
        </Button>
      </Group>
    </Paper>
  );
}
