// Master products: searched, filtered by status, sorted and paged in the URL; created by those who may.
import { Anchor, Badge, Button, Group, Select, Skeleton, Table } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Guarded } from '../components/Guarded';
import { SearchInput } from '../components/SearchInput';
import { PageHeader } from '../components/PageHeader';
import { QueryError } from '../components/QueryError';
import { useListState } from '../lib/url-state';
import { useMasterProducts, type MasterProduct } from './api';
import { SortHeader } from '../components/SortHeader';
import { ListFooter } from '../components/ListFooter';
import { EmptyState } from '../components/EmptyState';
import { MasterProductFormDialog } from './MasterProductFormDialog';
import { formatDate, formatMoney } from '../lib/format';
import { MASTER_STATUSES, StatusBadge } from './status';

const shape = { filters: ['search', 'status'] as const, defaultSort: '-created_at' };

export function MasterProductsPage() {
  const [state, update] = useListState(shape);
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const params = { page: state.page, search: state.filters.search, status: state.filters.status, sort: state.sort };
  const masters = useMasterProducts(params);
  const filtered = Object.keys(state.filters).length > 0;
  const pagination = masters.data?.meta.pagination;

  return (
    <>
      <PageHeader
        title="Master products"
        description="Products sold in variants: the attributes and values that make them, and the variants generated from them."
        actions={
          <Guarded ability="operations:create-products">
            <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
              New master product
            </Button>
          </Guarded>
        }
      />
      <Group align="flex-end" mb="md" wrap="wrap">
        <SearchInput
          value={state.filters.search ?? ''}
          onSearch={(search) => update({ filters: { search } })}
          placeholder="Name or slug"
          w={260}
        />
        <Select
          label="Status"
          clearable
          placeholder="Any status"
          data={MASTER_STATUSES}
          value={state.filters.status ?? null}
          onChange={(status) => update({ filters: { status } })}
          w={180}
        />
      </Group>
      {masters.isError ? (
        <QueryError
          error={masters.error}
          onRetry={() => void masters.refetch()}
          title="Could not load the master products"
        />
      ) : masters.isPending ? (
        <Skeleton height={240} aria-label="Loading" />
      ) : masters.data.data.length === 0 ? (
        <EmptyState
          message={filtered ? 'No master products match these filters.' : 'No master products yet.'}
          onClear={filtered ? () => update({ filters: { search: null, status: null } }) : undefined}
        />
      ) : (
        <MastersTable masters={masters.data.data} sort={state.sort} onSort={(sort) => update({ sort })} />
      )}
      <ListFooter meta={pagination} noun={['master product', 'master products']} onPage={(page) => update({ page })} />
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
