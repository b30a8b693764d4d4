// Moving a category (with everything below it) under another parent or to the top level. The API refuses a
// cycle (a parent moved under its own descendant) with 422 at parent_id: the message appears at the picker.
import { Select, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../api/client';
import { FormDialog } from '../components/FormDialog';
import { notifySuccess } from '../lib/feedback';
import { useApiSubmit } from '../lib/forms';
import { countDescendants, parentOptions, ROOT } from './category-tree';
import { catalogKeys } from './api';
import { type CategoryTreeNode } from './types';

export function MoveCategoryModal({
  category,
  tree,
  onClose,
}: {
  category: CategoryTreeNode;
  tree: CategoryTreeNode[];
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const form = useForm({ initialValues: { parent_id: category.parent_id ?? ROOT } });
  const { submitting, formError, onSubmit } = useApiSubmit(form, async ({ parent_id }) => {
    await unwrap(
      api.POST('/api/v1/operations/product-categories/{id}/move', {
        params: { path: { id: category.id } },
        body: { parent_id: parent_id === ROOT ? null : parent_id },
      }),
    );
    notifySuccess(`${category.name} moved.`);
    await queryClient.invalidateQueries({ queryKey: catalogKeys.categories });
    onClose();
  });
  const below = countDescendants(category);

  return (
    <FormDialog
      title={`Move ${category.name}`}
      onClose={onClose}
      onSubmit={onSubmit}
      submitLabel="Move"
      submitting={submitting}
      formError={formError}
    >
      {below > 0 && (
        <Text size="sm" c="dimmed">
          Its {below} {below === 1 ? 'subcategory moves' : 'subcategories move'} with it.
        </Text>
      )}
      <Select
        label="New parent"
        data={parentOptions(tree, category.id)}
        allowDeselect={false}
        searchable
        data-autofocus
        {...form.getInputProps('parent_id')}
      />
    </FormDialog>
  );
}
