// One movement in full: what moved, where, by whom, why, and what it refers to. Read fresh from the API, shown
// from the ledger row meanwhile.
import { Anchor, Badge, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '../lib/format';
import { movementColor } from './movement-types';
import { signed } from './physical-count';
import { useStockMovement, type StockMovement } from './api';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </Stack>
  );
}

export function MovementDetailDialog({ movement: row, onClose }: { movement: StockMovement; onClose: () => void }) {
  const fresh = useStockMovement(row.id);
  const movement = fresh.data ?? row;
  const onReserved = !movement.is_inbound && !movement.is_outbound;

  return (
    <Modal opened onClose={onClose} title="Stock movement" size="lg">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Field label="Type">
          <Badge variant="light" color={movementColor(movement)}>
            {movement.movement_type.label}
          </Badge>
        </Field>
        <Field label="When">{formatDateTime(movement.created_at)}</Field>
        <Field label="Product">
          {movement.product ? (
            <Anchor component={Link} to={`/products/${movement.product.id}`} size="sm">
              {movement.product.name} ({movement.product.sku})
            </Anchor>
          ) : (
            movement.product_id
          )}
        </Field>
        <Field label="Warehouse">
          {movement.warehouse ? `${movement.warehouse.name} (${movement.warehouse.code})` : movement.warehouse_id}
        </Field>
        <Field label={onReserved ? 'Change of reserved' : 'Change of on hand'}>{signed(movement.quantity)}</Field>
        <Field label={onReserved ? 'Reserved before → after' : 'On hand before → after'}>
          {movement.quantity_before} → {movement.quantity_after}
        </Field>
        <Field label="Reason">{movement.reason ?? '—'}</Field>
        <Field label="By">{movement.creator ? `${movement.creator.name} (${movement.creator.email})` : '—'}</Field>
        <Field label="Reference">
          {movement.reference_type || movement.reference_id
            ? [movement.reference_type, movement.reference_id].filter(Boolean).join(' ')
            : '—'}
        </Field>
        <Field label="Movement id">{movement.id}</Field>
      </SimpleGrid>
      {movement.notes && (
        <Stack mt="md" gap={0}>
          <Field label="Notes">{movement.notes}</Field>
        </Stack>
      )}
    </Modal>
  );
}
