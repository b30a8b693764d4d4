// Warehouses: the tenant's warehouses, searched, filtered by type and state, sorted and paged in the URL;
// created, edited and deleted (after a confirmation) by those who manage inventory.
import { ActionIcon, Badge, Button, Group, Select, Skeleton, Table, TextInput, VisuallyHidden } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { api, unwrap } from '../api/client';
import { useCan } from '../auth/session';
import { Guarded } from '../components/Guarded';
import { PageHeader } from '../components/PageHeader';
import { QueryError } from '../components/QueryError';
import { confirm, notifyFailure, notifySuccess } from '../lib/feedback';
import { sortParts, useListState } from '../lib/url-state';
import { SortHeader } from '../components/SortHeader';
import { ListFooter } from '../components/ListFooter';
import { EmptyState } from '../components/EmptyState';
import { PER_PAGE, useRefreshInventory, useWarehouses, type Warehouse } from './api';
import { WAREHOUSE_TYPES, WarehouseFormDialog } from './WarehouseFormDialog';

const shape = { filters: ['search', 'type', 'active'] as const, defaultSort: 'name' };
const SORTS = new Set(['name', 'code', 'created_at']);
const TYPE_LABELS = Object.fromEntries(WAREHOUSE_TYPES.map((type) => [type.value, type.label]));

export function WarehousesPage() {
  const [state, update] = useListState(shape);
  const [editing, setEditing] = useState<Warehouse | 'new' | null>(null);
  const sort = sortParts(state.sort);
  const query = {
    page: state.page,
    per_page: PER_PAGE,
    search: state.filters.search,
    type: state.filters.type as Warehouse['type'] | undefined,
    is_active: state.filters.active === undefined ? undefined : state.filters.active === 'yes',
    sort_by: (SORTS.has(sort.column) ? sort.column : 'name') as 'name' | 'code' | 'created_at',
    sort_direction: sort.direction,
  };
  const warehouses = useWarehouses(query);
  const [search, setSearch] = useState(state.filters.search ?? '');
  const applySearch = useDebouncedCallback((value: string) => update({ filters: { search: value } }), 300);
  const filtered = Object.keys(state.filters).length > 0;

  return (
    <>
      <PageHeader
        title="Warehouses"
        description="Where stock is kept."
        actions={
          <Guarded ability="operations:manage-inventory">
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
              New warehouse
            </Button>
          </Guarded>
        }
      />
      <Group align="flex-end" mb="md" wrap="wrap">
        <TextInput
          label="Search"
          placeholder="Name or code"
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            applySearch(event.currentTarget.value);
          }}
          w={240}
        />
        <Select
          label="Type"
          clearable
          placeholder="Any type"
          data={WAREHOUSE_TYPES}
          value={state.filters.type ?? null}
          onChange={(type) => update({ filters: { type } })}
          w={180}
        />
        <Select
          label="State"
          clearable
          placeholder="Active and inactive"
          data={[
            { value: 'yes', label: 'Active' },
            { value: 'no', label: 'Inactive' },
          ]}
          value={state.filters.active ?? null}
          onChange={(active) => update({ filters: { active } })}
          w={200}
        />
      </Group>
      {warehouses.isError ? (
        <QueryError
          error={warehouses.error}
          onRetry={() => void warehouses.refetch()}
          title="Could not load the warehouses"
        />
      ) : warehouses.isPending ? (
        <Skeleton height={200} aria-label="Loading" />
      ) : warehouses.data.data.length === 0 ? (
        <EmptyState
          message={filtered ? 'No warehouses match these filters.' : 'No warehouses yet.'}
          onClear={
            filtered
              ? () => {
                  setSearch('');
                  update({ filters: { search: null, type: null, active: null } });
                }
              : undefined
          }
        />
      ) : (
        <WarehousesTable
          warehouses={warehouses.data.data}
          sort={state.sort}
          onSort={(next) => update({ sort: next })}
          onEdit={setEditing}
        />
      )}
      <ListFooter meta={warehouses.data?.meta} noun={['warehouse', 'warehouses']} onPage={(page) => update({ page })} />
      {editing && (
        <WarehouseFormDialog warehouse={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
    </>
  );
}

interface TableProps {
  warehouses: Warehouse[];
  sort: string;
  onSort: (sort: string) => void;
  onEdit: (warehouse: Warehouse) => void;
}

function WarehousesTable({ warehouses, sort, onSort, onEdit }: TableProps) {
  const can = useCan();
  const refresh = useRefreshInventory();
  const manage = can('operations:manage-inventory');

  const remove = async (warehouse: Warehouse) => {
    const ok = await confirm({
      title: `Delete ${warehouse.name}?`,
      message:
        'The warehouse disappears from lists and pickers. A warehouse that holds stock, or the default one, cannot be deleted.',
      confirmLabel: 'Delete',
      danger: true,
    });
    if (!ok) return;
    try {
      await unwrap(api.DELETE('/api/v1/operations/warehouses/{id}', { params: { path: { id: warehouse.id } } }));
      notifySuccess(`Warehouse ${warehouse.name} deleted.`);
      void refresh();
    } catch (error) {
      notifyFailure(error, `${warehouse.name} was not deleted`);
    }
  };

  return (
    <Table.ScrollContainer minWidth={820}>
      <Table aria-label="Warehouses" striped highlightOnHover verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <SortHeader column="name" sort={sort} onSort={onSort}>
              Name
            </SortHeader>
            <SortHeader column="code" sort={sort} onSort={onSort}>
              Code
            </SortHeader>
            <Table.Th>Type</Table.Th>
            <Table.Th>City</Table.Th>
            <Table.Th>State</Table.Th>
            {manage && (
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {warehouses.map((warehouse) => (
            <Table.Tr key={warehouse.id}>
              <Table.Td>
                {warehouse.name}{' '}
                {warehouse.is_default && (
                  <Badge size="xs" variant="outline" miw="max-content">
                    Default
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>{warehouse.code}</Table.Td>
              <Table.Td>{TYPE_LABELS[warehouse.type]}</Table.Td>
              <Table.Td>{warehouse.address?.city ?? '—'}</Table.Td>
              <Table.Td>
                <Badge miw="max-content" color={warehouse.is_active ? 'teal' : 'gray'} variant="light">
                  {warehouse.is_active ? 'Active' : 'Inactive'}
                </Badge>
              </Table.Td>
              {manage && (
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <ActionIcon
                      variant="subtle"
                      aria-label={`Edit ${warehouse.name}`}
                      onClick={() => onEdit(warehouse)}
                    >
                      <IconPencil size={16} />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Delete ${warehouse.name}`}
                      onClick={() => void remove(warehouse)}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Group>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
