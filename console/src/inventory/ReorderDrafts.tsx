// Purchase orders drafted from the reorder report: the lines a buyer ticks (kept across pages and filters) with
// the quantities to order, the drafting through generate-reorders, and its outcome — the drafts linked, or the
// API's refusals on the rows they name, nothing drafted.
import { Alert, Anchor, Button, Group, List, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { components } from '../../../clients/typescript/src/openapi';
import { api, unwrap } from '../api/client';
import { ApiError, errorMessage } from '../api/errors';
import { useCan } from '../auth/session';
import { notifySuccess } from '../lib/feedback';
import { useRefreshPurchasing } from '../purchasing/api';
import { inventoryKeys } from './api';
import { count } from './plural';
import { errorsByLine, lineKey, reorderBody, type ChosenLine } from './reorder-selection';

type Suggestion = components['schemas']['ReorderSuggestion'];
type PurchaseOrder = components['schemas']['PurchaseOrder'];

/** Who may draft purchase orders from the report: the ability generate-reorders asks. */
const CREATE_ORDERS = 'operations:create-purchase-orders';

export type Ordering = ReturnType<typeof useReorderDrafts>;

/**
 * What a refused line's quantity field says under it: the narrow column has room for one word, and the alert
 * above gives the API's reason in full with the product's name.
 */
export const REFUSED_LINE = 'Refused';

/**
 * The lines ticked for ordering, their quantities, the drafting and its outcome: the orders drafted, or the API's
 * refusals on the rows they name. Offered only to whoever may create purchase orders.
 */
export function useReorderDrafts() {
  const can = useCan();
  const queryClient = useQueryClient();
  const refreshPurchasing = useRefreshPurchasing();
  const [chosen, setChosen] = useState<Map<string, ChosenLine>>(new Map());
  const [errors, setErrors] = useState<Map<string, string>>(new Map());
  const [failure, setFailure] = useState<string | null>(null);
  const [created, setCreated] = useState<PurchaseOrder[] | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const update = (change: (next: Map<string, ChosenLine>) => void) =>
    setChosen((current) => {
      const next = new Map(current);
      change(next);
      return next;
    });
  const toggle = (row: Suggestion, on: boolean) =>
    update((next) => {
      const key = lineKey(row.product_id, row.warehouse_id);
      if (!on) next.delete(key);
      else
        next.set(key, {
          product_id: row.product_id,
          warehouse_id: row.warehouse_id,
          product_name: row.product_name,
          warehouse_name: row.warehouse_name,
          quantity: row.suggested_order_quantity,
        });
    });
  const setQuantity = (key: string, value: number | string) =>
    update((next) => {
      const line = next.get(key);
      if (line) next.set(key, { ...line, quantity: value });
    });

  const draft = async () => {
    const lines = [...chosen.values()];
    setSubmitting(true);
    setFailure(null);
    try {
      const answer = await unwrap(
        api.POST('/api/v1/operations/purchase-orders/generate-reorders', { body: reorderBody(lines) }),
      );
      setCreated(answer.data);
      setChosen(new Map());
      setErrors(new Map());
      notifySuccess(`${count(answer.count, 'draft purchase order', 'draft purchase orders')} created.`);
      await queryClient.invalidateQueries({ queryKey: inventoryKeys.all });
      await refreshPurchasing();
    } catch (error) {
      const byLine = error instanceof ApiError ? errorsByLine(error.fieldErrors, lines) : new Map<string, string>();
      setErrors(byLine);
      setFailure(
        byLine.size > 0
          ? `${count(byLine.size, 'line', 'lines')} cannot be ordered: correct or untick ${byLine.size === 1 ? 'it' : 'them'} and try again. Nothing was drafted.`
          : errorMessage(error),
      );
    } finally {
      setSubmitting(false);
    }
  };

  return {
    enabled: can(CREATE_ORDERS),
    chosen,
    errors,
    /** The short message under a refused line's quantity field; none for a line not refused. */
    fieldError: (key: string) => (errors.has(key) ? REFUSED_LINE : undefined),
    failure,
    created,
    submitting,
    toggle,
    setQuantity,
    clear: () => {
      setChosen(new Map());
      setErrors(new Map());
      setFailure(null);
    },
    draft,
    dismiss: () => setCreated(null),
  };
}

export function DraftBar({ ordering }: { ordering: Ordering }) {
  const lines = [...ordering.chosen.values()];
  const invalid = lines.some((line) => !(Number(line.quantity) >= 1));
  return (
    <Stack gap="xs">
      {ordering.failure && (
        <Alert color="red" title="No purchase order was drafted" role="alert">
          <Text size="sm">{ordering.failure}</Text>
          {ordering.errors.size > 0 && (
            <List size="sm" mt={4}>
              {lines
                .filter((line) => ordering.errors.has(lineKey(line.product_id, line.warehouse_id)))
                .map((line) => (
                  <List.Item key={lineKey(line.product_id, line.warehouse_id)}>
                    {line.product_name} in {line.warehouse_name}:{' '}
                    {ordering.errors.get(lineKey(line.product_id, line.warehouse_id))}
                  </List.Item>
                ))}
            </List>
          )}
        </Alert>
      )}
      <Group gap="sm">
        <Button
          onClick={() => void ordering.draft()}
          disabled={lines.length === 0 || invalid}
          loading={ordering.submitting}
        >
          Draft purchase orders
        </Button>
        <Text size="sm" c="dimmed" aria-live="polite">
          {lines.length === 0
            ? 'Tick the lines to order; one draft is made per supplier.'
            : `${count(lines.length, 'line', 'lines')} chosen${invalid ? ': every quantity must be at least 1' : ''}.`}
        </Text>
        {lines.length > 0 && (
          <Button variant="subtle" size="xs" onClick={ordering.clear}>
            Clear selection
          </Button>
        )}
      </Group>
    </Stack>
  );
}

export function DraftedOrders({ orders, onClose }: { orders: PurchaseOrder[]; onClose: () => void }) {
  return (
    <Alert
      color="green"
      title={`${count(orders.length, 'draft purchase order', 'draft purchase orders')} created`}
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={onClose}
    >
      {orders.length === 0 ? (
        <Text size="sm">Nothing needed ordering.</Text>
      ) : (
        <List size="sm">
          {orders.map((order) => (
            <List.Item key={order.id}>
              <Anchor component={Link} to={`/purchase-orders/${order.id}`} size="sm" underline="always">
                {order.po_number}
              </Anchor>{' '}
              · {order.supplier?.name ?? 'Unknown supplier'}, {count(order.items?.length ?? 0, 'line', 'lines')}
            </List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}
