// The brands: search, status filter, sort and page in the URL; create, edit, (de)activate and delete as the
// user's abilities allow. A brand still linked to products cannot be deleted: the API's 409 says so.
import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Group,
  Menu,
  Paper,
  Skeleton,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { IconDots, IconPlus } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, unwrap } from '../api/client';
import { useCan } from '../auth/session';
import { PageHeader } from '../components/PageHeader';
import { QueryError } from '../components/QueryError';
import { confirm, notifyFailure, notifySuccess } from '../lib/feedback';
import { sortParts, useListState } from '../lib/url-state';
import { BrandFormModal } from './BrandFormModal';
import { formatDate } from '../lib/format';
import { siteName } from './format';
import { EmptyState } from '../components/EmptyState';
import { ListFooter } from '../components/ListFooter';
import { SearchInput } from '../components/SearchInput';
import { SortHeader } from '../components/SortHeader';
import { isActiveFilter, StatusFilter } from './StatusFilter';
import { catalogKeys, PER_PAGE, useBrands } from './api';
import { type Brand } from './types';

const LIST = { filters: ['search', 'status'] as const, defaultSort: 'name' };

export function BrandsPage() {
  const can = useCan();
  const [state, update] = useListState(LIST);
  const [editing, setEditing] = useState<Brand | 'new' | null>(null);
  const { column, direction } = sortParts(state.sort);
  const brands = useBrands({
    page: state.page,
    per_page: PER_PAGE,
    search: state.filters.search,
    is_active: isActiveFilter(state.filters.status),
    sort_by: column as 'name' | 'created_at',
    sort_direction: direction,
  });
  const filtered = state.filters.search !== undefined || state.filters.status !== undefined;

  return (
    <>
      <PageHeader
        title="Brands"
        description="The makers products are sold under."
        actions={
          can('operations:create-products') && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
              New brand
            </Button>
          )
        }
      />
      <Group align="flex-end" mb="md" wrap="wrap">
        <SearchInput
          value={state.filters.search ?? ''}
          onSearch={(search) => update({ filters: { search } })}
          w={280}
        />
        <StatusFilter value={state.filters.status} onChange={(status) => update({ filters: { status } })} />
      </Group>
      {brands.isError ? (
        <QueryError error={brands.error} onRetry={() => void brands.refetch()} />
      ) : (
        <Paper withBorder>
          <Table.ScrollContainer minWidth={720}>
            <Table aria-label="Brands" striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <SortHeader column="name" sort={state.sort} onSort={(sort) => update({ sort })}>
                    Name
                  </SortHeader>
                  <Table.Th>Products</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Website</Table.Th>
                  <SortHeader column="created_at" sort={state.sort} onSort={(sort) => update({ sort })}>
                    Created
                  </SortHeader>
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {brands.isPending
                  ? Array.from({ length: 5 }, (_, row) => (
                      <Table.Tr key={row}>
                        <Table.Td colSpan={6}>
                          <Skeleton height={20} />
                        </Table.Td>
                      </Table.Tr>
                    ))
                  : brands.data.data.map((brand) => (
                      <BrandRow key={brand.id} brand={brand} onEdit={() => setEditing(brand)} />
                    ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {brands.data?.data.length === 0 && (
            <EmptyState
              inset
              message={filtered ? 'No brands match these filters.' : 'No brands yet.'}
              onClear={filtered ? () => update({ filters: { search: null, status: null } }) : undefined}
            />
          )}
        </Paper>
      )}
      <ListFooter meta={brands.data?.meta} noun={['brand', 'brands']} onPage={(page) => update({ page })} />
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
        <Badge color={brand.is_active ? 'teal' : 'gray'} variant="light">
          {brand.is_active ? 'Active' : 'Inactive'}
        </Badge>
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
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={`Actions for ${brand.name}`}
                loading={change.isPending}
              >
                <IconDots size={16} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
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
            </Menu.Dropdown>
          </Menu>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
