// The category tree: every category in place, with create, edit, move, feature, (de)activate and delete for
// those who may manage categories; the rest see the tree only.
import { Button, Paper, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, unwrap } from '../api/client';
import { useCan } from '../auth/session';
import { PageHeader } from '../components/PageHeader';
import { PageLoader } from '../components/PageLoader';
import { QueryError } from '../components/QueryError';
import { confirm, notifyFailure, notifySuccess } from '../lib/feedback';
import { CategoryFormModal, type CategoryFormTarget } from './CategoryFormModal';
import { CategoryTree, type CategoryActions } from './CategoryTree';
import { MoveCategoryModal } from './MoveCategoryModal';
import { catalogKeys, useCategoryTree } from './api';
import { type CategoryTreeNode } from './types';

const MANAGE = 'operations:manage-product-categories';

export function CategoriesPage() {
  const can = useCan();
  const queryClient = useQueryClient();
  const [formTarget, setFormTarget] = useState<CategoryFormTarget | null>(null);
  const [moving, setMoving] = useState<CategoryTreeNode | null>(null);
  const tree = useCategoryTree();

  const change = useMutation({
    mutationFn: async ({ category, kind }: { category: CategoryTreeNode; kind: 'featured' | 'active' | 'delete' }) => {
      const path = { id: category.id };
      if (kind === 'featured')
        await unwrap(api.POST('/api/v1/operations/product-categories/{id}/toggle-featured', { params: { path } }));
      if (kind === 'active')
        await unwrap(
          api.PATCH('/api/v1/operations/product-categories/{id}', {
            params: { path },
            body: { is_active: !category.is_active },
          }),
        );
      if (kind === 'delete')
        await unwrap(api.DELETE('/api/v1/operations/product-categories/{id}', { params: { path } }));
    },
    onSuccess: (_, { category, kind }) => {
      const done = {
        featured: category.is_featured ? 'removed from featured' : 'marked as featured',
        active: category.is_active ? 'deactivated' : 'activated',
        delete: 'deleted',
      }[kind];
      notifySuccess(`${category.name} ${done}.`);
    },
    onError: (error) => notifyFailure(error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: catalogKeys.categories }),
  });

  const actions: CategoryActions = {
    onAddChild: (parent) => setFormTarget({ mode: 'create', parentId: parent.id }),
    onEdit: (category) => setFormTarget({ mode: 'edit', category }),
    onMove: setMoving,
    onToggleFeatured: (category) => change.mutate({ category, kind: 'featured' }),
    onToggleActive: (category) => change.mutate({ category, kind: 'active' }),
    onDelete: async (category) => {
      const sure = await confirm({
        title: `Delete ${category.name}?`,
        message:
          'The category disappears from the catalog. A category with subcategories or products cannot be deleted.',
        confirmLabel: 'Delete',
        danger: true,
      });
      if (sure) change.mutate({ category, kind: 'delete' });
    },
  };

  return (
    <>
      <PageHeader
        title="Categories"
        description="The tree products are filed in."
        actions={
          can(MANAGE) && (
            <Button
              leftSection={<IconPlus size={16} />}
              onClick={() => setFormTarget({ mode: 'create', parentId: null })}
            >
              New category
            </Button>
          )
        }
      />
      {tree.isPending ? (
        <PageLoader />
      ) : tree.isError ? (
        <QueryError error={tree.error} onRetry={() => void tree.refetch()} />
      ) : tree.data.length === 0 ? (
        <Text c="dimmed">No categories yet.{can(MANAGE) && ' Create the first with "New category".'}</Text>
      ) : (
        <Paper withBorder p="xs">
          <CategoryTree nodes={tree.data} actions={can(MANAGE) ? actions : undefined} />
        </Paper>
      )}
      {formTarget && tree.data && (
        <CategoryFormModal target={formTarget} tree={tree.data} onClose={() => setFormTarget(null)} />
      )}
      {moving && tree.data && <MoveCategoryModal category={moving} tree={tree.data} onClose={() => setMoving(null)} />}
    </>
  );
}
