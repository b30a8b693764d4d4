// The brands: search, status filter, sort and page in the URL; create, edit, (de)activate and delete as the
// user's abilities allow. A brand still linked to products cannot be deleted: the API's 409 says so.
import { Anchor, Button, Menu, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, unwrap } from '../api/client';
import { useCan } from '../auth/session';
import { PageHeader } from '../components/PageHeader';
import { confirm, notifyFailure, notifySuccess } from '../lib/feedback';
import { useListPage } from '../lib/useListPage';
import { BrandFormModal } from './BrandFormModal';
import { formatDate } from '../lib/format';
import { siteName } from './format';
import { ListCard, SkeletonRows } from '../components/ListView';
import { SortHeader } from '../components/SortHeader';
import { isActiveFilter, SearchAndStatusFilters } from './StatusFilter';
import { catalogKeys, PER_PAGE, useBrands } from './api';
import { type Brand } from './types';
import { ExportButton } from '../components/ExportButton';
import { exportQuery } from '../lib/export-rows';
import { BRAND_COLUMNS } from './export-columns';
import { ActiveBadge } from '../components/ActiveBadge';
import { RowMenu } from '../components/RowMenu';

const LIST = { filters: ['search', 'status'] as const, defaultSort: 'name' };

export function BrandsPage() {
  const can = useCan();
  const list = useListPage(LIST);
  const [editing, setEditing] = useState<Brand | 'new' | null>(null);
  const query = {
    page: list.state.page,
    per_page: PER_PAGE,
    search: list.filters.search,
    is_active: isActiveFilter(list.filters.status),
    sort_by: list.sort.column as 'name' | 'created_at',
    sort_direction: list.sort.direction,
  };
  const brands = useBrands(query);

  return (
    <>
      <PageHeader
        title="Brands"
        description="The makers products are sold under."
        actions={
          <>
            <ExportButton
              name="brands"
              columns={BRAND_COLUMNS}
              source={{
                fetchPage: (next) =>
                  api.GET('/api/v1/operations/brands', { params: { query: exportQuery(query, next) } }),
              }}
            />
            {can('operations:create-products') && (
              <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
                New brand
              </Button>
            )}
          </>
        }
      />
      <SearchAndStatusFilters filters={list.filters} onChange={list.setFilter} />
      <ListCard
        list={list}
        query={brands}
        noun={['brand', 'brands']}
        none="No brands yet."
        noMatch="No brands match these filters."
      >
        {(rows) => (
          <Table.ScrollContainer minWidth={720}>
            <Table aria-label="Brands" striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <SortHeader column="name" {...list.sortProps}>
                    Name
                  </SortHeader>
                  <Table.Th>Products</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Website</Table.Th>
                  <SortHeader column="created_at" {...list.sortProps}>
                    Created
                  </SortHeader>
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows ? (
                  rows.map((brand) => <BrandRow key={brand.id} brand={brand} onEdit={() => setEditing(brand)} />)
                ) : (
                  <SkeletonRows columns={6} />
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </ListCard>
      {editing && <BrandFormModal brand={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </>
  );
}

function BrandRow({ brand, onEdit }: { brand: Brand; onEdit: () => void }) {
  const can = useCan();
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: async (kind: 'toggle' | 'delete') => {
      const path = { id: brand.id };
      if (kind === 'toggle')
        await unwrap(
          api.PATCH('/api/v1/operations/brands/{id}', { params: { path }, body: { is_active: !brand.is_active } }),
        );
      else await unwrap(api.DELETE('/api/v1/operations/brands/{id}', { params: { path } }));
      return kind;
    },
    onSuccess: (kind) =>
      notifySuccess(`${brand.name} ${kind === 'delete' ? 'deleted' : brand.is_active ? 'deactivated' : 'activated'}.`),
    onError: (error) => notifyFailure(error, `${brand.name} was not changed`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: catalogKeys.brands }),
  });
  const remove = async () => {
    const sure = await confirm({
      title: `Delete ${brand.name}?`,
      message: 'A brand still linked to products cannot be deleted.',
      confirmLabel: 'Delete',
      danger: true,
    });
    if (sure) change.mutate('delete');
  };
  const mayEdit = can('operations:edit-products');
  const mayDelete = can('operations:delete-products');

  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm" fw={500}>
          {brand.name}
        </Text>
        <Text size="xs" c="dimmed">
          {brand.slug}
        </Text>
      </Table.Td>
      <Table.Td>{brand.products_count}</Table.Td>
      <Table.Td>
        <ActiveBadge active={brand.is_active} />
      </Table.Td>
      <Table.Td>
        {brand.website_url && (
          <Anchor href={brand.website_url} target="_blank" rel="noreferrer" size="sm">
            {siteName(brand.website_url)}
          </Anchor>
        )}
      </Table.Td>
      <Table.Td>{formatDate(brand.created_at)}</Table.Td>
      <Table.Td>
        {(mayEdit || mayDelete) && (
          <RowMenu name={brand.name} loading={change.isPending}>
            {mayEdit && <Menu.Item onClick={onEdit}>Edit</Menu.Item>}
            {mayEdit && (
              <Menu.Item onClick={() => change.mutate('toggle')}>
                {brand.is_active ? 'Deactivate' : 'Activate'}
              </Menu.Item>
            )}
            {mayDelete && (
              <Menu.Item color="red" onClick={() => void remove()}>
                Delete
              </Menu.Item>
            )}
          </RowMenu>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
