// Reorder report: what to order again (the API's suggestions, with usage and the summary by warehouse and
// supplier), and the low-stock list by urgency. Both are read in parallel, a page at a time; the summary covers
// every line the filters keep. A buyer ticks lines (across pages and filters), adjusts the quantities and drafts
// one purchase order per supplier from them in one step; the drafts are linked when done.
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  List,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { components } from '../../../clients/typescript/src/openapi';
import { api, unwrap } from '../api/client';
import { ApiError, errorMessage } from '../api/errors';
import { useCan } from '../auth/session';
import { EmptyState } from '../components/EmptyState';
import { ListFooter } from '../components/ListFooter';
import { NumberInput } from '../components/NumberInput';
import { PageHeader } from '../components/PageHeader';
import { QueryView } from '../components/QueryView';
import { notifySuccess } from '../lib/feedback';
import { formatDateTime } from '../lib/format';
import { useRefreshPurchasing } from '../purchasing/api';
import { SupplierSelect } from '../purchasing/SupplierSelect';
import { inventoryKeys, useLowStock, useReorderReport, useWarehouseOptions } from './api';
import { count } from './plural';
import { errorsByLine, lineKey, reorderBody, type ChosenLine } from './reorder-selection';

type Suggestion = components['schemas']['ReorderSuggestion'];
type Summary = components['schemas']['ReorderSummary'];
type LowStockItem = components['schemas']['LowStockItem'];
type PurchaseOrder = components['schemas']['PurchaseOrder'];

const URGENCY_COLORS: Record<LowStockItem['urgency'], string> = {
  critical: 'red',
  high: 'orange',
  medium: 'yellow',
  low: 'gray',
};

const quantity = new Intl.NumberFormat(undefined, { maximumFractionDigits: 2 });

/**
 * A filter's clear button that keyboards and screen readers reach too: Mantine hides it from both (the search
 * text is meant to be cleared instead, which a select that is not being searched does not offer).
 */
const clearButton = (label: string) => ({ 'aria-label': label, 'aria-hidden': false, tabIndex: 0 });

/** Who may draft purchase orders from the report: the ability generate-reorders asks. */
const CREATE_ORDERS = 'operations:create-purchase-orders';

export function ReorderPage() {
  const [reportPage, setReportPage] = useState(1);
  const [lowStockPage, setLowStockPage] = useState(1);
  const [warehouseId, setWarehouseId] = useState<string | null>(null);
  const [supplierId, setSupplierId] = useState<string | null>(null);
  const report = useReorderReport(reportPage, {
    ...(warehouseId ? { warehouse_id: warehouseId } : {}),
    ...(supplierId ? { supplier_id: supplierId } : {}),
  });
  const lowStock = useLowStock(lowStockPage);
  const warehouses = useWarehouseOptions();
  const ordering = useReorderDrafts();

  return (
    <>
      <PageHeader
        title="Reorder report"
        description="Products at or below their reorder point, and how much to order."
      />
      <Stack gap="xl">
        <Stack gap="sm">
          <Group align="flex-end" gap="sm">
            <Select
              label="Warehouse"
              placeholder="Every warehouse"
              clearable
              clearButtonProps={clearButton('Clear the warehouse filter')}
              data={(warehouses.data ?? []).map((w) => ({ value: w.id, label: w.name }))}
              value={warehouseId}
              onChange={(value) => {
                setWarehouseId(value);
                setReportPage(1);
              }}
              w={220}
            />
            <SupplierSelect
              label="Supplier"
              placeholder="Every supplier"
              clearable
              clearButtonProps={clearButton('Clear the supplier filter')}
              value={supplierId}
              onChange={(value) => {
                setSupplierId(value);
                setReportPage(1);
              }}
              w={260}
            />
          </Group>
          {ordering.created && <DraftedOrders orders={ordering.created} onClose={ordering.dismiss} />}
          <QueryView
            query={report}
            errorTitle="Could not load the reorder report"
            loading={<Skeleton height={200} aria-label="Loading" />}
          >
            {({ summary, data, meta }) => (
              <>
                <SummaryCards summary={summary} />
                {ordering.enabled && <DraftBar ordering={ordering} />}
                {data.length === 0 ? (
                  <EmptyState
                    message={
                      warehouseId || supplierId
                        ? 'Nothing to reorder for these filters.'
                        : 'Nothing to reorder: every product with a reorder point has enough available stock.'
                    }
                  />
                ) : (
                  <>
                    <SuggestionsTable suggestions={data} ordering={ordering} />
                    <ListFooter meta={meta} noun={['suggestion', 'suggestions']} onPage={setReportPage} pagerOnly />
                  </>
                )}
              </>
            )}
          </QueryView>
        </Stack>
        <Stack gap="xs">
          <Title order={2} size="h3">
            Low stock
          </Title>
          <QueryView
            query={lowStock}
            errorTitle="Could not load the low-stock list"
            loading={<Skeleton height={120} aria-label="Loading" />}
            isEmpty={(page) => page.data.length === 0}
            empty={<EmptyState message="No product is low on stock." />}
          >
            {({ data, meta }) => (
              <>
                <LowStockTable items={data} />
                <ListFooter
                  meta={meta}
                  noun={['low-stock record', 'low-stock records']}
                  onPage={setLowStockPage}
                  pagerOnly
                />
              </>
            )}
          </QueryView>
        </Stack>
      </Stack>
    </>
  );
}

type Ordering = ReturnType<typeof useReorderDrafts>;

/**
 * The lines ticked for ordering, their quantities, the drafting and its outcome: the orders drafted, or the API's
 * refusals on the rows they name. Offered only to whoever may create purchase orders.
 */
function useReorderDrafts() {
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

function DraftBar({ ordering }: { ordering: Ordering }) {
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

function DraftedOrders({ orders, onClose }: { orders: PurchaseOrder[]; onClose: () => void }) {
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

function SummaryCards({ summary }: { summary: Summary }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }}>
      <Card withBorder>
        <Text size="xs" c="dimmed" fw={600}>
          Products to reorder
        </Text>
        <Text size="xl" fw={700}>
          {summary.total_products_needing_reorder}
        </Text>
      </Card>
      <Card withBorder>
        <Text size="xs" c="dimmed" fw={600}>
          By warehouse
        </Text>
        {summary.by_warehouse.length === 0 ? (
          <Text size="sm">—</Text>
        ) : (
          summary.by_warehouse.map((row) => (
            <Text size="sm" key={row.warehouse_id}>
              {row.warehouse_name}: {count(row.products_count, 'product', 'products')},{' '}
              {count(row.suggested_order_quantity, 'unit', 'units')}
            </Text>
          ))
        )}
      </Card>
      <Card withBorder>
        <Text size="xs" c="dimmed" fw={600}>
          By supplier
        </Text>
        {summary.by_supplier.length === 0 ? (
          <Text size="sm">—</Text>
        ) : (
          summary.by_supplier.map((row) => (
            <Text size="sm" key={row.supplier_id ?? 'none'}>
              {row.supplier_name ?? 'No preferred supplier'}: {count(row.products_count, 'product', 'products')},{' '}
              {count(row.suggested_order_quantity, 'unit', 'units')}
            </Text>
          ))
        )}
      </Card>
    </SimpleGrid>
  );
}

function SuggestionsTable({ suggestions, ordering }: { suggestions: Suggestion[]; ordering: Ordering }) {
  const keys = suggestions.map((row) => lineKey(row.product_id, row.warehouse_id));
  const chosenHere = keys.filter((key) => ordering.chosen.has(key)).length;
  return (
    // The SKU under the name rather than in a column of its own: eleven columns did not fit beside the navigation
    // at 1280 px.
    <Table.ScrollContainer minWidth={ordering.enabled ? 1000 : 960}>
      <Table aria-label="Reorder suggestions" striped verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            {ordering.enabled && (
              <Table.Th w={36}>
                <Checkbox
                  aria-label="Choose every line on this page"
                  checked={chosenHere === keys.length}
                  indeterminate={chosenHere > 0 && chosenHere < keys.length}
                  onChange={(event) => {
                    for (const row of suggestions) ordering.toggle(row, event.currentTarget.checked);
                  }}
                />
              </Table.Th>
            )}
            <Table.Th>Product</Table.Th>
            <Table.Th>Warehouse</Table.Th>
            <Table.Th ta="right">Available</Table.Th>
            <Table.Th ta="right">Reorder point</Table.Th>
            <Table.Th ta="right">Deficit</Table.Th>
            <Table.Th ta="right">Suggested order</Table.Th>
            <Table.Th>Preferred supplier</Table.Th>
            <Table.Th ta="right">Daily usage</Table.Th>
            <Table.Th ta="right">Days to stockout</Table.Th>
            <Table.Th>Last purchase</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {suggestions.map((row) => {
            const key = lineKey(row.product_id, row.warehouse_id);
            const line = ordering.chosen.get(key);
            const where = `${row.product_name} in ${row.warehouse_name}`;
            return (
              <Table.Tr key={key}>
                {ordering.enabled && (
                  <Table.Td>
                    <Checkbox
                      aria-label={`Choose ${where}`}
                      checked={line !== undefined}
                      onChange={(event) => ordering.toggle(row, event.currentTarget.checked)}
                    />
                  </Table.Td>
                )}
                <Table.Td>
                  <Anchor component={Link} to={`/products/${row.product_id}`} size="sm">
                    {row.product_name}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {row.product_sku}
                  </Text>
                </Table.Td>
                <Table.Td>{row.warehouse_name}</Table.Td>
                <Table.Td ta="right">{row.quantity_available}</Table.Td>
                <Table.Td ta="right">{row.reorder_point}</Table.Td>
                <Table.Td ta="right">{row.deficit}</Table.Td>
                <Table.Td ta="right" fw={600}>
                  {line ? (
                    <NumberInput
                      aria-label={`Quantity to order of ${where}`}
                      size="xs"
                      w={88}
                      ml="auto"
                      min={1}
                      allowDecimal={false}
                      allowNegative={false}
                      value={line.quantity}
                      onChange={(value) => ordering.setQuantity(key, value)}
                      error={ordering.errors.get(key)}
                    />
                  ) : (
                    row.suggested_order_quantity
                  )}
                </Table.Td>
                <Table.Td>{row.preferred_supplier?.name ?? '—'}</Table.Td>
                <Table.Td ta="right">{quantity.format(row.average_daily_usage)}</Table.Td>
                <Table.Td ta="right">{row.days_until_stockout ?? '—'}</Table.Td>
                <Table.Td>{formatDateTime(row.last_purchase_date)}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function LowStockTable({ items }: { items: LowStockItem[] }) {
  // The low-stock list names warehouses by id only; the picker's list names them.
  const warehouses = useWarehouseOptions();
  const warehouseName = (id: string) => warehouses.data?.find((warehouse) => warehouse.id === id)?.name ?? '…';
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table aria-label="Low stock" striped verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Urgency</Table.Th>
            <Table.Th>Product</Table.Th>
            <Table.Th>SKU</Table.Th>
            <Table.Th>Warehouse</Table.Th>
            <Table.Th ta="right">Available</Table.Th>
            <Table.Th ta="right">Reorder point</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={`${item.product_id}-${item.warehouse_id}`}>
              <Table.Td>
                <Badge miw="max-content" color={URGENCY_COLORS[item.urgency]} variant="light">
                  {item.urgency}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Anchor component={Link} to={`/products/${item.product_id}`} size="sm">
                  {item.name}
                </Anchor>
              </Table.Td>
              <Table.Td>{item.sku}</Table.Td>
              <Table.Td>{warehouseName(item.warehouse_id)}</Table.Td>
              <Table.Td ta="right">{item.quantity_available}</Table.Td>
              <Table.Td ta="right">{item.reorder_point}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
