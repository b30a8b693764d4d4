// Warehouses: the tenant's warehouses, searched, filtered by type and state, sorted and paged in the URL;
// created, edited and deleted (after a confirmation) by those who manage inventory.
import { ActionIcon, Badge, Button, Group, Select, Skeleton, Table, VisuallyHidden } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { api, unwrap } from '../api/client';
import { useCan } from '../auth/session';
import { Guarded } from '../components/Guarded';
import { PageHeader } from '../components/PageHeader';
import { confirm, notifyFailure, notifySuccess } from '../lib/feedback';
import { useListPage } from '../lib/useListPage';
import { SortHeader } from '../components/SortHeader';
import { ListView } from '../components/ListView';
import { SearchInput } from '../components/SearchInput';
import { PER_PAGE, useRefreshInventory, useWarehouses, type Warehouse } from './api';
import { WAREHOUSE_TYPES, WarehouseFormDialog } from './WarehouseFormDialog';
import { ActiveBadge } from '../components/ActiveBadge';
import { ExportButton } from '../components/ExportButton';
import { exportQuery } from '../lib/export-rows';
import { warehouseColumns } from './export-columns';

const shape = { filters: ['search', 'type', 'active'] as const, defaultSort: 'name' };
const SORTS = new Set(['name', 'code', 'created_at']);
const TYPE_LABELS = Object.fromEntries(WAREHOUSE_TYPES.map((type) => [type.value, type.label]));

export function WarehousesPage() {
  const list = useListPage(shape);
  const [editing, setEditing] = useState<Warehouse | 'new' | null>(null);
  const query = {
    page: list.state.page,
    per_page: PER_PAGE,
    search: list.filters.search,
    type: list.filters.type as Warehouse['type'] | undefined,
    is_active: list.filters.active === undefined ? undefined : list.filters.active === 'yes',
    sort_by: (SORTS.has(list.sort.column) ? list.sort.column : 'name') as 'name' | 'code' | 'created_at',
    sort_direction: list.sort.direction,
  };
  const warehouses = useWarehouses(query);

  return (
    <>
      <PageHeader
        title="Warehouses"
        description="Where stock is kept."
        actions={
          <>
            <ExportButton
              name="warehouses"
              columns={warehouseColumns(TYPE_LABELS)}
              source={{
                fetchPage: (next) =>
                  api.GET('/api/v1/operations/warehouses', { params: { query: exportQuery(query, next) } }),
              }}
            />
            <Guarded ability="operations:manage-inventory">
              <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
                New warehouse
              </Button>
            </Guarded>
          </>
        }
      />
      <Group align="flex-end" mb="md" wrap="wrap">
        <SearchInput
          placeholder="Name or code"
          leftSection={null}
          value={list.filters.search ?? ''}
          onSearch={(search) => list.setFilter('search', search)}
          w={240}
        />
        <Select
          label="Type"
          clearable
          placeholder="Any type"
          data={WAREHOUSE_TYPES}
          value={list.filters.type ?? null}
          onChange={(type) => list.setFilter('type', type)}
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
          value={list.filters.active ?? null}
          onChange={(active) => list.setFilter('active', active)}
          w={200}
        />
      </Group>
      <ListView
        list={list}
        query={warehouses}
        noun={['warehouse', 'warehouses']}
        errorTitle="Could not load the warehouses"
        loading={<Skeleton height={200} aria-label="Loading" />}
        none="No warehouses yet."
        noMatch="No warehouses match these filters."
      >
        {(rows) => <WarehousesTable warehouses={rows} {...list.sortProps} onEdit={setEditing} />}
      </ListView>
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
                <ActiveBadge miw="max-content" active={warehouse.is_active} />
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
