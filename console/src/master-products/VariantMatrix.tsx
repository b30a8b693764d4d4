// The variants of a master: SKU, attribute values, price and stock, a page at a time; selected rows take a
// bulk price or stock change.
import { Button, Card, Checkbox, Group, Pagination, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconCurrencyDollar, IconPackage } from '@tabler/icons-react';
import { useState } from 'react';
import { useCan } from '../auth/session';
import { QueryError } from '../components/QueryError';
import { VARIANTS_PER_PAGE, type MasterProduct, type Variant } from './api';
import { BulkPriceDialog, BulkStockDialog } from './BulkDialogs';
import type { VariantRow } from './bulk-filters';
import { formatMoney } from '../lib/format';

interface VariantPage {
  data: Variant[];
  meta: { total: number; last_page: number; total_stock: number; total_available: number };
}

interface Props {
  master: MasterProduct;
  variants: { data: VariantPage | undefined; isPending: boolean; error: unknown; refetch: () => unknown };
  page: number;
  onPage: (page: number) => void;
}

export function VariantMatrix({ master, variants, page, onPage }: Props) {
  const can = useCan();
  const editable = can('operations:edit-products');
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [dialog, setDialog] = useState<'price' | 'stock' | null>(null);
  const rows = variants.data?.data ?? [];
  const attributeNames = master.variant_attributes?.attributes.map((attribute) => attribute.name) ?? [];
  // Only rows on this page can be selected: a new page starts a new selection.
  const chosen = new Set(rows.filter((row) => selected.has(row.id)).map((row) => row.id));
  const allChosen = rows.length > 0 && chosen.size === rows.length;
  const table: VariantRow[] = rows.map((row) => ({ id: row.id, selection: row.variant_attributes ?? {} }));
  const complete = (variants.data?.meta.last_page ?? 1) <= 1;

  const toggle = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <Card withBorder padding="md" component="section" aria-labelledby="variant-matrix">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h4" id="variant-matrix">
            Variants
          </Title>
          {variants.data && (
            <Text size="sm" c="dimmed">
              {variants.data.meta.total} variants · {variants.data.meta.total_stock} on hand ·{' '}
              {variants.data.meta.total_available} available
            </Text>
          )}
        </Group>
        {editable && chosen.size > 0 && (
          <Group gap="xs" role="toolbar" aria-label="Selected variants">
            <Text size="sm" fw={500}>
              {chosen.size} selected
            </Text>
            <Button
              size="xs"
              variant="light"
              leftSection={<IconCurrencyDollar size={14} />}
              onClick={() => setDialog('price')}
            >
              Change prices
            </Button>
            <Button
              size="xs"
              variant="light"
              leftSection={<IconPackage size={14} />}
              onClick={() => setDialog('stock')}
            >
              Set stock
            </Button>
            <Button size="xs" variant="subtle" onClick={() => setSelected(new Set())}>
              Clear selection
            </Button>
          </Group>
        )}
        {variants.error ? (
          <QueryError
            error={variants.error}
            onRetry={() => void variants.refetch()}
            title="Could not load the variants"
          />
        ) : variants.isPending ? (
          <Skeleton height={160} aria-label="Loading" />
        ) : rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            No variants yet. Save a configuration, then generate its variants.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table aria-label="Variant matrix" striped highlightOnHover verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  {editable && (
                    <Table.Th w={40}>
                      <Checkbox
                        aria-label="Select every variant on this page"
                        checked={allChosen}
                        indeterminate={chosen.size > 0 && !allChosen}
                        onChange={(event) =>
                          setSelected(event.currentTarget.checked ? new Set(rows.map((row) => row.id)) : new Set())
                        }
                      />
                    </Table.Th>
                  )}
                  <Table.Th>SKU</Table.Th>
                  {attributeNames.map((name) => (
                    <Table.Th key={name}>{name}</Table.Th>
                  ))}
                  <Table.Th ta="right">Price</Table.Th>
                  <Table.Th ta="right">On hand</Table.Th>
                  <Table.Th ta="right">Available</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={row.id} bg={chosen.has(row.id) ? 'var(--mantine-color-blue-light)' : undefined}>
                    {editable && (
                      <Table.Td>
                        <Checkbox
                          aria-label={`Select ${row.sku}`}
                          checked={chosen.has(row.id)}
                          onChange={(event) => toggle(row.id, event.currentTarget.checked)}
                        />
                      </Table.Td>
                    )}
                    <Table.Td ff="monospace">{row.sku}</Table.Td>
                    {attributeNames.map((name) => (
                      <Table.Td key={name}>{row.variant_attributes?.[name] ?? '—'}</Table.Td>
                    ))}
                    <Table.Td ta="right">{formatMoney(row.selling_price, row.currency)}</Table.Td>
                    <Table.Td ta="right">{row.stock_quantity}</Table.Td>
                    <Table.Td ta="right">{row.available_quantity}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {variants.data && variants.data.meta.last_page > 1 && (
          <Pagination
            total={variants.data.meta.last_page}
            value={page}
            onChange={(next) => {
              setSelected(new Set());
              onPage(next);
            }}
            getControlProps={(control) => ({ 'aria-label': `${control} page of variants` })}
          />
        )}
        {rows.length > 0 && (
          <Text size="xs" c="dimmed">
            {VARIANTS_PER_PAGE} variants a page. Prices without their own value show the master&apos;s base price.
          </Text>
        )}
      </Stack>
      {dialog === 'price' && (
        <BulkPriceDialog
          master={master}
          selected={chosen}
          rows={table}
          complete={complete}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'stock' && (
        <BulkStockDialog
          master={master}
          selected={chosen}
          rows={table}
          complete={complete}
          onClose={() => setDialog(null)}
        />
      )}
    </Card>
  );
}
