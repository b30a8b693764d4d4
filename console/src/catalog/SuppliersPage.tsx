// The suppliers: search, status filter, sort and page in the URL; each opens its detail page.
import { Button, Group, Select, Table, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useCan } from '../auth/session';
import { PageHeader } from '../components/PageHeader';
import { useListPage } from '../lib/useListPage';
import { ListCard, SkeletonRows } from '../components/ListView';
import { SearchInput } from '../components/SearchInput';
import { SortHeader } from '../components/SortHeader';
import { label, SUPPLIER_STATUSES } from './supplier-status';
import { StatusBadge } from './StatusBadge';
import { SupplierFormModal } from './SupplierFormModal';
import { api } from '../api/client';
import { ExportButton } from '../components/ExportButton';
import { exportQuery } from '../lib/export-rows';
import { PER_PAGE, useSuppliers } from './api';
import { SUPPLIER_COLUMNS } from './export-columns';

const LIST = { filters: ['search', 'status'] as const, defaultSort: 'name' };

export function SuppliersPage() {
  const can = useCan();
  const navigate = useNavigate();
  const list = useListPage(LIST);
  const [creating, setCreating] = useState(false);
  const status = SUPPLIER_STATUSES.find((known) => known === list.filters.status);
  const query = {
    page: list.state.page,
    per_page: PER_PAGE,
    search: list.filters.search,
    status,
    sort_by: list.sort.column as 'name' | 'rating' | 'lead_time_days' | 'created_at',
    sort_direction: list.sort.direction,
  };
  const suppliers = useSuppliers(query);

  return (
    <>
      <PageHeader
        title="Suppliers"
        description="Who the tenant buys from."
        actions={
          <>
            <ExportButton
              name="suppliers"
              columns={SUPPLIER_COLUMNS}
              source={{
                fetchPage: (next) =>
                  api.GET('/api/v1/operations/suppliers', { params: { query: exportQuery(query, next) } }),
              }}
            />
            {can('operations:create-suppliers') && (
              <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
                New supplier
              </Button>
            )}
          </>
        }
      />
      <Group align="flex-end" mb="md" wrap="wrap">
        <SearchInput
          value={list.filters.search ?? ''}
          onSearch={(search) => list.setFilter('search', search)}
          w={280}
          label="Search name, code or e-mail"
        />
        <Select
          label="Status"
          placeholder="Any status"
          data={SUPPLIER_STATUSES.map((value) => ({ value, label: label(value) }))}
          value={status ?? null}
          onChange={(value) => list.setFilter('status', value)}
          clearable
          w={180}
        />
      </Group>
      <ListCard
        list={list}
        query={suppliers}
        noun={['supplier', 'suppliers']}
        none="No suppliers yet."
        noMatch="No suppliers match these filters."
      >
        {(rows) => (
          <Table.ScrollContainer minWidth={760}>
            <Table aria-label="Suppliers" striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <SortHeader column="name" {...list.sortProps}>
                    Name
                  </SortHeader>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Type</Table.Th>
                  <Table.Th>E-mail</Table.Th>
                  <SortHeader column="rating" {...list.sortProps}>
                    Rating
                  </SortHeader>
                  <SortHeader column="lead_time_days" {...list.sortProps}>
                    Lead time
                  </SortHeader>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows ? (
                  rows.map((supplier) => (
                    <Table.Tr key={supplier.id}>
                      <Table.Td>
                        <Text component={Link} to={`/catalog/suppliers/${supplier.id}`} size="sm" fw={500} c="blue">
                          {supplier.name}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {supplier.code}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <StatusBadge status={supplier.status} />
                      </Table.Td>
                      <Table.Td>{supplier.type ? label(supplier.type) : '—'}</Table.Td>
                      <Table.Td>{supplier.email}</Table.Td>
                      <Table.Td>
                        {supplier.rating === null ? '—' : `${supplier.rating.toFixed(2)} (${supplier.rating_count})`}
                      </Table.Td>
                      <Table.Td>{supplier.lead_time_days === null ? '—' : `${supplier.lead_time_days} d`}</Table.Td>
                    </Table.Tr>
                  ))
                ) : (
                  <SkeletonRows columns={6} />
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </ListCard>
      {creating && (
        <SupplierFormModal
          supplier={null}
          onClose={() => setCreating(false)}
          onSaved={(saved) => void navigate(`/catalog/suppliers/${saved.id}`)}
        />
      )}
    </>
  );
}
