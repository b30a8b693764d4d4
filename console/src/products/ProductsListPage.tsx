// The catalogue's products: search, filters, sort and page, all kept in the URL so that a link or a reload
// shows the same view. A scanned code (a barcode or SKU ending with Enter) opens its product at once.
import { Anchor, Button, Group, Pagination, Select, Stack, Switch, Table, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { api } from '../api/client';
import { ExportButton } from '../components/ExportButton';
import { SelectPageHeader, SelectRowCell } from '../components/SelectionCheckboxes';
import { EXPORT_PAGE_SIZE } from '../lib/export-rows';
import { useRowSelection, type RowSelection } from '../lib/useRowSelection';
import { ProductBulkBar } from './ProductBulkBar';
import { PRODUCT_COLUMNS } from './product-columns';
import { useCan } from '../auth/session';
import { Guarded } from '../components/Guarded';
import { SearchInput } from '../components/SearchInput';
import { PageHeader } from '../components/PageHeader';
import { QueryView } from '../components/QueryView';
import { useListPage } from '../lib/useListPage';
import { lookupProduct, useProducts } from './api';
import { PRODUCT_STATUSES, PRODUCT_TYPES, type Product } from './model';
import { EntitySelect } from './EntitySelect';
import { brandSource, categorySource, supplierSource } from './entity-options';
import { notifyFailure } from '../lib/feedback';
import { formatDateTime, formatMoney, formatTotal } from '../lib/format';
import { availability, codeLabel, statusLabel } from './format';
import { PRODUCT_LIST_SHAPE, PRODUCT_PAGE_SIZES, productListQuery, type ProductFilter } from './list-query';
import { SortHeader } from '../components/SortHeader';
import { StatusBadge } from './StatusBadge';

export function ProductsListPage() {
  const list = useListPage(PRODUCT_LIST_SHAPE);
  const query = productListQuery(list.state);
  const products = useProducts(query);
  const selection = useRowSelection<Product>();
  // The last bulk action's refusals, shown at their rows until the next action.
  const [refused, setRefused] = useState<ReadonlyMap<string, string>>(new Map());
  // The export walks the list by `after` from its start, with the screen's filters and sort.
  const { page: _page, per_page: _perPage, ...exportQuery } = query;

  return (
    <>
      <PageHeader
        title="Products"
        description={products.data ? formatTotal(products.data.meta, ['product', 'products']) : undefined}
        actions={
          <>
            <ExportButton
              name="products"
              columns={PRODUCT_COLUMNS}
              source={{
                keyset: true,
                fetchPage: (next) =>
                  api.GET('/api/v1/operations/products', {
                    params: { query: { ...exportQuery, per_page: EXPORT_PAGE_SIZE, ...next } },
                  }),
              }}
            />
            <Guarded ability="operations:create-products">
              <Button component={Link} to="/products/new" leftSection={<IconPlus size={16} />}>
                New product
              </Button>
            </Guarded>
          </>
        }
      />
      <ProductFilters
        filters={list.filters}
        onChange={list.setFilter}
        onClear={list.filtered ? list.clearFilters : undefined}
      />
      <ProductBulkBar selection={selection} onRefused={setRefused} />
      <QueryView
        query={products}
        errorTitle="Could not load the products"
        isEmpty={(page) => page.data.length === 0}
        empty={
          <EmptyProducts
            filtered={list.filtered}
            pastEnd={list.state.page > 1}
            onClear={list.clearFilters}
            onFirstPage={() => list.onPage(1)}
          />
        }
      >
        {(page) => (
          <Stack gap="sm">
            <ProductsTable products={page.data} selection={selection} refused={refused} {...list.sortProps} />
            <Group justify="space-between">
              <Group gap="md">
                <Text size="sm" c="dimmed">
                  Page {page.meta.current_page} of {page.meta.last_page}
                </Text>
                <Select
                  label="Rows per page"
                  size="xs"
                  w={140}
                  allowDeselect={false}
                  data={PRODUCT_PAGE_SIZES.map(String)}
                  value={String(query.per_page)}
                  onChange={(value) => value && list.update({ perPage: Number(value) })}
                />
              </Group>
              {page.meta.last_page > 1 && (
                <Pagination
                  total={page.meta.last_page}
                  value={list.state.page}
                  onChange={list.onPage}
                  getControlProps={(control) => ({ 'aria-label': `${control} page` })}
                  getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
                />
              )}
            </Group>
          </Stack>
        )}
      </QueryView>
    </>
  );
}

function ProductFilters({
  filters,
  onChange,
  onClear,
}: {
  filters: Partial<Record<ProductFilter, string>>;
  onChange: (name: ProductFilter, value: string | null) => void;
  onClear?: () => void;
}) {
  const can = useCan();
  const navigate = useNavigate();
  // A code that is exactly a product's barcode or SKU opens it; anything else stays a search of the list.
  const openScanned = async (code: string) => {
    try {
      const product = await lookupProduct(code);
      if (product) await navigate(`/products/${product.id}`);
    } catch (failure) {
      notifyFailure(failure, 'The product lookup failed');
    }
  };

  return (
    <Group align="flex-end" gap="sm" mb="md" wrap="wrap">
      <SearchInput
        value={filters.search ?? ''}
        onSearch={(value) => onChange('search', value)}
        onEnter={(code) => void openScanned(code)}
        placeholder="Name, SKU, barcode or description"
        w={240}
      />
      <Select
        label="Status"
        placeholder="Any"
        clearable
        data={PRODUCT_STATUSES.map((status) => ({ value: status, label: statusLabel(status) }))}
        value={filters.status ?? null}
        onChange={(value) => onChange('status', value)}
        w={170}
      />
      <Select
        label="Type"
        placeholder="Any"
        clearable
        data={PRODUCT_TYPES.map((type) => ({ value: type, label: codeLabel(type) }))}
        value={filters.type ?? null}
        onChange={(value) => onChange('type', value)}
        w={150}
      />
      <EntitySelect
        label="Category"
        placeholder="Any"
        source={categorySource}
        value={filters.category ?? null}
        onChange={(value) => onChange('category', value)}
        w={190}
      />
      <EntitySelect
        label="Brand"
        placeholder="Any"
        source={brandSource}
        value={filters.brand ?? null}
        onChange={(value) => onChange('brand', value)}
        w={170}
      />
      {can('operations:view-suppliers') && (
        <EntitySelect
          label="Supplier"
          placeholder="Any"
          source={supplierSource}
          value={filters.supplier ?? null}
          onChange={(value) => onChange('supplier', value)}
          w={190}
        />
      )}
      <Switch
        label="Low stock only"
        checked={filters.low_stock === 'true'}
        onChange={(event) => onChange('low_stock', event.currentTarget.checked ? 'true' : null)}
        mb={8}
      />
      <Switch
        label="Out of stock only"
        checked={filters.in_stock === 'false'}
        onChange={(event) => onChange('in_stock', event.currentTarget.checked ? 'false' : null)}
        mb={8}
      />
      {onClear && (
        <Button variant="subtle" onClick={onClear}>
          Clear filters
        </Button>
      )}
    </Group>
  );
}

/** No rows: past the last page, nothing matching the filters, or no product at all; each with its way out. */
function EmptyProducts({
  filtered,
  pastEnd,
  onClear,
  onFirstPage,
}: {
  filtered: boolean;
  pastEnd: boolean;
  onClear: () => void;
  onFirstPage: () => void;
}) {
  return (
    <Stack align="flex-start" gap="xs" py="xl">
      {pastEnd ? (
        <>
          <Text fw={500}>This page is past the end of the list.</Text>
          <Button variant="light" onClick={onFirstPage}>
            Go to the first page
          </Button>
        </>
      ) : filtered ? (
        <>
          <Text fw={500}>No products match these filters.</Text>
          <Button variant="light" onClick={onClear}>
            Clear filters
          </Button>
        </>
      ) : (
        <>
          <Text fw={500}>There are no products yet.</Text>
          <Guarded ability="operations:create-products">
            <Button component={Link} to="/products/new" variant="light">
              Create the first product
            </Button>
          </Guarded>
        </>
      )}
    </Stack>
  );
}

function ProductsTable({
  products,
  selection,
  refused,
  sort,
  onSort,
}: {
  products: Product[];
  selection: RowSelection<Product>;
  /** Why the last bulk action refused a product, by id. */
  refused: ReadonlyMap<string, string>;
  sort: string;
  onSort: (sort: string) => void;
}) {
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table aria-label="Products" striped highlightOnHover verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <SelectPageHeader selection={selection} rows={products} />
            <SortHeader column="name" sort={sort} onSort={onSort}>
              Name
            </SortHeader>
            <SortHeader column="sku" sort={sort} onSort={onSort}>
              SKU
            </SortHeader>
            <SortHeader column="status" sort={sort} onSort={onSort}>
              Status
            </SortHeader>
            <Table.Th>Type</Table.Th>
            <SortHeader column="selling_price" sort={sort} onSort={onSort}>
              Price
            </SortHeader>
            <SortHeader column="stock_quantity" sort={sort} onSort={onSort}>
              Stock
            </SortHeader>
            <SortHeader column="updated_at" sort={sort} onSort={onSort}>
              Updated
            </SortHeader>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {products.map((product) => (
            <Table.Tr key={product.id}>
              <SelectRowCell selection={selection} row={product} name={product.name} />
              <Table.Td>
                <Anchor component={Link} to={`/products/${product.id}`} fw={500}>
                  {product.name}
                </Anchor>
                {refused.has(product.id) && (
                  <Text size="xs" c="var(--qm-color-danger-text)">
                    Refused: {refused.get(product.id)}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Text size="sm" ff="monospace">
                  {product.sku}
                </Text>
              </Table.Td>
              <Table.Td>
                <StatusBadge status={product.status} />
              </Table.Td>
              <Table.Td>{codeLabel(product.type)}</Table.Td>
              <Table.Td>{formatMoney(product.selling_price, product.currency)}</Table.Td>
              <Table.Td>
                <Text
                  size="sm"
                  c={product.is_low_stock ? 'var(--qm-color-warning-text)' : undefined}
                  fw={product.is_low_stock ? 600 : undefined}
                >
                  {availability(product)}
                  {product.is_low_stock && ' · low'}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" c="dimmed">
                  {formatDateTime(product.updated_at)}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
