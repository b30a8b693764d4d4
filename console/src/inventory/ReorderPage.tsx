// Reorder report: what to order again (the API's suggestions, with usage and the summary by warehouse and
// supplier), and the low-stock list by urgency. Both are read in parallel, a page at a time; the summary covers
// every line the filters keep. A buyer ticks lines (across pages and filters), adjusts the quantities and drafts
// one purchase order per supplier from them in one step (ReorderDrafts.tsx); the drafts are linked when done.
import {
  Anchor,
  Badge,
  Card,
  Checkbox,
  Group,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import type { components } from '../../../clients/typescript/src/openapi';
import { api } from '../api/client';
import { EmptyState } from '../components/EmptyState';
import { ExportButton } from '../components/ExportButton';
import { EXPORT_PAGE_SIZE } from '../lib/export-rows';
import { REORDER_COLUMNS, lowStockColumns } from './export-columns';
import { ListFooter } from '../components/ListFooter';
import { NumberInput } from '../components/NumberInput';
import { PageHeader } from '../components/PageHeader';
import { QueryView } from '../components/QueryView';
import { formatDateTime } from '../lib/format';
import { SupplierSelect } from '../purchasing/SupplierSelect';
import { useLowStock, useReorderReport, useWarehouseOptions } from './api';
import { count } from './plural';
import { DraftBar, DraftedOrders, useReorderDrafts, type Ordering } from './ReorderDrafts';
import { lineKey } from './reorder-selection';

type Suggestion = components['schemas']['ReorderSuggestion'];
type Summary = components['schemas']['ReorderSummary'];
type LowStockItem = components['schemas']['LowStockItem'];

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

export function ReorderPage() {
  const [reportPage, setReportPage] = useState(1);
  const [lowStockPage, setLowStockPage] = useState(1);
  const [warehouseId, setWarehouseId] = useState<string | null>(null);
  const [supplierId, setSupplierId] = useState<string | null>(null);
  const filters = {
    ...(warehouseId ? { warehouse_id: warehouseId } : {}),
    ...(supplierId ? { supplier_id: supplierId } : {}),
  };
  const report = useReorderReport(reportPage, filters);
  const lowStock = useLowStock(lowStockPage);
  const warehouses = useWarehouseOptions();
  const warehouseName = (id: string) => warehouses.data?.find((warehouse) => warehouse.id === id)?.name ?? id;
  const ordering = useReorderDrafts();

  return (
    <>
      <PageHeader
        title="Reorder report"
        description="Products at or below their reorder point, and how much to order."
        actions={
          <ExportButton
            name="reorder-report"
            label="Export report CSV"
            columns={REORDER_COLUMNS}
            source={{
              fetchPage: (next) =>
                api.GET('/api/v1/operations/inventory/reorder-report', {
                  params: { query: { ...filters, per_page: EXPORT_PAGE_SIZE, ...next } },
                }),
            }}
          />
        }
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
          <Group justify="space-between" align="flex-end">
            <Title order={2} size="h3">
              Low stock
            </Title>
            <ExportButton
              name="low-stock"
              label="Export low stock CSV"
              size="xs"
              columns={lowStockColumns(warehouseName)}
              source={{
                fetchPage: (next) =>
                  api.GET('/api/v1/operations/inventory/low-stock', {
                    params: { query: { per_page: EXPORT_PAGE_SIZE, ...next } },
                  }),
              }}
            />
          </Group>
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
                      error={ordering.fieldError(key)}
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
