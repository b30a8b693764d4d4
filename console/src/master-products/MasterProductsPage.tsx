// Master products: searched, filtered by status, sorted and paged in the URL; created by those who may.
import { Anchor, Badge, Button, Group, Select, Table } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { integrationApi } from '../api/integration-client';
import { ExportButton } from '../components/ExportButton';
import { Guarded } from '../components/Guarded';
import type { CsvColumn } from '../lib/csv';
import { exportQuery } from '../lib/export-rows';
import { SearchInput } from '../components/SearchInput';
import { PageHeader } from '../components/PageHeader';
import { useListPage } from '../lib/useListPage';
import { masterListQuery, useMasterProducts, type MasterProduct } from './api';
import { SortHeader } from '../components/SortHeader';
import { ListView } from '../components/ListView';
import { MasterProductFormDialog } from './MasterProductFormDialog';
import { formatDate, formatMoney } from '../lib/format';
import { MASTER_STATUSES, StatusBadge } from './status';

const shape = { filters: ['search', 'status'] as const, defaultSort: '-created_at' };

/** The table's columns as an export writes them. */
const MASTER_COLUMNS: ReadonlyArray<CsvColumn<MasterProduct>> = [
  { header: 'Name', value: (master) => master.name },
  { header: 'Base SKU', value: (master) => master.sku },
  { header: 'Status', value: (master) => master.status },
  { header: 'Base price', value: (master) => master.base_price },
  { header: 'Currency', value: (master) => master.currency },
  {
    header: 'Attributes',
    value: (master) =>
      (master.variant_attributes?.attributes ?? [])
        .map((attribute) => `${attribute.name} (${attribute.values.length})`)
        .join('; '),
  },
  { header: 'Variants', value: (master) => master.products_count },
  { header: 'Created', value: (master) => master.created_at },
];

export function MasterProductsPage() {
  const list = useListPage(shape);
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const params = {
    page: list.state.page,
    search: list.filters.search,
    status: list.filters.status,
    sort: list.state.sort,
  };
  const masters = useMasterProducts(params);

  return (
    <>
      <PageHeader
        title="Master products"
        description="Products sold in variants: the attributes and values that make them, and the variants generated from them."
        actions={
          <>
            <ExportButton
              name="master-products"
              columns={MASTER_COLUMNS}
              source={{
                fetchPage: (next) =>
                  integrationApi.GET('/api/v1/operations/master-products', {
                    params: { query: exportQuery(masterListQuery(params), next) },
                  }),
              }}
            />
            <Guarded ability="operations:create-products">
              <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
                New master product
              </Button>
            </Guarded>
          </>
        }
      />
      <Group align="flex-end" mb="md" wrap="wrap">
        <SearchInput
          value={list.filters.search ?? ''}
          onSearch={(search) => list.setFilter('search', search)}
          placeholder="Name or slug"
          w={260}
        />
        <Select
          label="Status"
          clearable
          placeholder="Any status"
          data={MASTER_STATUSES}
          value={list.filters.status ?? null}
          onChange={(status) => list.setFilter('status', status)}
          w={180}
        />
      </Group>
      <ListView
        list={list}
        query={masters}
        noun={['master product', 'master products']}
        errorTitle="Could not load the master products"
        none="No master products yet."
        noMatch="No master products match these filters."
      >
        {(rows) => <MastersTable masters={rows} {...list.sortProps} />}
      </ListView>
      {creating && (
        <MasterProductFormDialog
          master={null}
          onClose={() => setCreating(false)}
          onSaved={(master) => void navigate(`/master-products/${master.id}`)}
        />
      )}
    </>
  );
}

function MastersTable({
  masters,
  sort,
  onSort,
}: {
  masters: MasterProduct[];
  sort: string;
  onSort: (sort: string) => void;
}) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table aria-label="Master products" striped highlightOnHover verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <SortHeader column="name" sort={sort} onSort={onSort}>
              Name
            </SortHeader>
            <Table.Th>Base SKU</Table.Th>
            <SortHeader column="status" sort={sort} onSort={onSort}>
              Status
            </SortHeader>
            <SortHeader column="base_price" sort={sort} onSort={onSort}>
              Base price
            </SortHeader>
            <Table.Th>Attributes</Table.Th>
            <Table.Th>Variants</Table.Th>
            <SortHeader column="created_at" sort={sort} onSort={onSort}>
              Created
            </SortHeader>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {masters.map((master) => (
            <Table.Tr key={master.id}>
              <Table.Td>
                <Anchor component={Link} to={`/master-products/${master.id}`} fw={500}>
                  {master.name}
                </Anchor>
              </Table.Td>
              <Table.Td>{master.sku ?? '—'}</Table.Td>
              <Table.Td>
                <StatusBadge status={master.status} />
              </Table.Td>
              <Table.Td>{formatMoney(master.base_price, master.currency)}</Table.Td>
              <Table.Td>
                <Group gap={4}>
                  {(master.variant_attributes?.attributes ?? []).map((attribute) => (
                    <Badge key={attribute.name} variant="light" color="gray" tt="none">
                      {attribute.name} ({attribute.values.length})
                    </Badge>
                  ))}
                </Group>
              </Table.Td>
              <Table.Td>{master.products_count}</Table.Td>
              <Table.Td>{formatDate(master.created_at)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
