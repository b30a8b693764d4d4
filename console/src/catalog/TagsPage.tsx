// The tags: search, status, sort and page in the URL; create, edit, delete; and merging selected tags into one.
import { Alert, Button, Checkbox, ColorSwatch, Group, Menu, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconArrowMerge, IconPlus } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, unwrap } from '../api/client';
import { useCan } from '../auth/session';
import { PageHeader } from '../components/PageHeader';
import { confirm, notifyFailure, notifySuccess } from '../lib/feedback';
import { useListPage } from '../lib/useListPage';
import { formatDate } from '../lib/format';
import { ListCard, SkeletonRows } from '../components/ListView';
import { MergeTagsModal, type MergeOutcome } from './MergeTagsModal';
import { SortHeader } from '../components/SortHeader';
import { isActiveFilter, SearchAndStatusFilters } from './StatusFilter';
import { TagFormModal } from './TagFormModal';
import { catalogKeys, PER_PAGE, useTags } from './api';
import { type Tag } from './types';
import { ActiveBadge } from '../components/ActiveBadge';
import { ExportButton } from '../components/ExportButton';
import { exportQuery } from '../lib/export-rows';
import { TAG_COLUMNS } from './export-columns';
import { RowMenu } from '../components/RowMenu';

const LIST = { filters: ['search', 'status'] as const, defaultSort: 'name' };

export function TagsPage() {
  const can = useCan();
  const list = useListPage(LIST);
  const [editing, setEditing] = useState<Tag | 'new' | null>(null);
  // Kept across pages and searches, so that tags from several pages can be merged at once.
  const [selected, setSelected] = useState<ReadonlyMap<string, Tag>>(new Map());
  const [merging, setMerging] = useState(false);
  const [outcome, setOutcome] = useState<MergeOutcome | null>(null);
  const query = {
    page: list.state.page,
    per_page: PER_PAGE,
    search: list.filters.search,
    is_active: isActiveFilter(list.filters.status),
    sort_by: list.sort.column as 'name' | 'created_at',
    sort_direction: list.sort.direction,
  };
  const tags = useTags(query);
  const mayMerge = can('operations:edit-products');
  const toggle = (tag: Tag) =>
    setSelected((current) => {
      const next = new Map(current);
      if (!next.delete(tag.id)) next.set(tag.id, tag);
      return next;
    });

  return (
    <>
      <PageHeader
        title="Tags"
        description="Labels that group products across categories."
        actions={
          <>
            <ExportButton
              name="tags"
              columns={TAG_COLUMNS}
              source={{
                fetchPage: (next) =>
                  api.GET('/api/v1/operations/tags', { params: { query: exportQuery(query, next) } }),
              }}
            />
            {mayMerge && (
              // Disabled by data attribute, not `disabled`, so that the tooltip saying why still shows.
              <Tooltip label="Tick the tags to merge in the list first." disabled={selected.size > 0}>
                <Button
                  variant="light"
                  leftSection={<IconArrowMerge size={16} />}
                  data-disabled={selected.size === 0 || undefined}
                  aria-disabled={selected.size === 0}
                  onClick={() => selected.size > 0 && setMerging(true)}
                >
                  {selected.size === 0 ? 'Merge selected' : `Merge ${selected.size} selected`}
                </Button>
              </Tooltip>
            )}
            {can('operations:create-products') && (
              <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
                New tag
              </Button>
            )}
          </>
        }
      />
      {outcome && (
        <Alert
          color="teal"
          title="Tags merged"
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setOutcome(null)}
          mb="md"
        >
          {outcome.sources.join(', ')} merged into {outcome.target}; {outcome.linksMoved} product{' '}
          {outcome.linksMoved === 1 ? 'link' : 'links'} moved.
        </Alert>
      )}
      <SearchAndStatusFilters filters={list.filters} onChange={list.setFilter} />
      <ListCard
        list={list}
        query={tags}
        noun={['tag', 'tags']}
        none="No tags yet."
        noMatch="No tags match these filters."
      >
        {(rows) => (
          <Table.ScrollContainer minWidth={680}>
            <Table aria-label="Tags" striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  {mayMerge && (
                    <Table.Th w={40}>
                      <VisuallyHidden>Select</VisuallyHidden>
                    </Table.Th>
                  )}
                  <SortHeader column="name" {...list.sortProps}>
                    Name
                  </SortHeader>
                  <Table.Th>Products</Table.Th>
                  <Table.Th>Status</Table.Th>
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
                  rows.map((tag) => (
                    <TagRow
                      key={tag.id}
                      tag={tag}
                      selectable={mayMerge}
                      selected={selected.has(tag.id)}
                      onSelect={() => toggle(tag)}
                      onEdit={() => setEditing(tag)}
                      onDeleted={() => selected.has(tag.id) && toggle(tag)}
                    />
                  ))
                ) : (
                  <SkeletonRows columns={6} />
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </ListCard>
      {editing && <TagFormModal tag={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {merging && (
        <MergeTagsModal
          sources={[...selected.values()]}
          onClose={() => setMerging(false)}
          onMerged={(result) => {
            setMerging(false);
            setSelected(new Map());
            setOutcome(result);
          }}
        />
      )}
    </>
  );
}

interface RowProps {
  tag: Tag;
  selectable: boolean;
  selected: boolean;
  onSelect: () => void;
  onEdit: () => void;
  onDeleted: () => void;
}

function TagRow({ tag, selectable, selected, onSelect, onEdit, onDeleted }: RowProps) {
  const can = useCan();
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => unwrap(api.DELETE('/api/v1/operations/tags/{id}', { params: { path: { id: tag.id } } })),
    onSuccess: () => {
      notifySuccess(`${tag.name} deleted.`);
      onDeleted();
    },
    onError: (error) => notifyFailure(error, `${tag.name} was not deleted`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: catalogKeys.tags }),
  });
  const askRemove = async () => {
    const message =
      tag.products_count > 0 ? `It is removed from its ${tag.products_count} products.` : 'No product carries it.';
    if (await confirm({ title: `Delete ${tag.name}?`, message, confirmLabel: 'Delete', danger: true })) remove.mutate();
  };
  const mayEdit = can('operations:edit-products');
  const mayDelete = can('operations:delete-products');

  return (
    <Table.Tr>
      {selectable && (
        <Table.Td>
          <Checkbox aria-label={`Select ${tag.name}`} checked={selected} onChange={onSelect} />
        </Table.Td>
      )}
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <ColorSwatch color={tag.color} size={14} aria-hidden />
          <div>
            <Text size="sm" fw={500}>
              {tag.name}
            </Text>
            <Text size="xs" c="dimmed">
              {tag.slug}
            </Text>
          </div>
        </Group>
      </Table.Td>
      <Table.Td>{tag.products_count}</Table.Td>
      <Table.Td>
        <ActiveBadge active={tag.is_active} />
      </Table.Td>
      <Table.Td>{formatDate(tag.created_at)}</Table.Td>
      <Table.Td>
        {(mayEdit || mayDelete) && (
          <RowMenu name={tag.name} loading={remove.isPending}>
            {mayEdit && <Menu.Item onClick={onEdit}>Edit</Menu.Item>}
            {mayDelete && (
              <Menu.Item color="red" onClick={() => void askRemove()}>
                Delete
              </Menu.Item>
            )}
          </RowMenu>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
