// Creating a category (at the top level or under a parent picked here) and editing one. The parent of an
// existing category changes only by moving it (the API's rule), so the edit form has no parent field.
import { Select, Switch, Textarea, TextInput } from '@mantine/core';
import { NumberInput } from '../components/NumberInput';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../api/client';
import { FormDialog } from '../components/FormDialog';
import { notifySuccess } from '../lib/feedback';
import { useApiSubmit } from '../lib/forms';
import { parentOptions, ROOT } from './category-tree';
import { catalogKeys } from './api';
import { type CategoryTreeNode } from './types';

export type CategoryFormTarget =
  { mode: 'create'; parentId: string | null } | { mode: 'edit'; category: CategoryTreeNode };

interface Props {
  target: CategoryFormTarget;
  tree: CategoryTreeNode[];
  onClose: () => void;
}

export function CategoryFormModal({ target, tree, onClose }: Props) {
  const queryClient = useQueryClient();
  const editing = target.mode === 'edit' ? target.category : null;
  const form = useForm({
    initialValues: {
      name: editing?.name ?? '',
      description: editing?.description ?? '',
      parent_id: target.mode === 'create' ? (target.parentId ?? ROOT) : ROOT,
      sort_order: editing?.sort_order ?? 0,
      is_active: editing?.is_active ?? true,
      is_featured: editing?.is_featured ?? false,
    },
  });
  const { submitting, formError, onSubmit } = useApiSubmit(form, async (values) => {
    const fields = {
      name: values.name,
      description: values.description.trim() === '' ? null : values.description,
      sort_order: Number(values.sort_order) || 0,
      is_active: values.is_active,
      is_featured: values.is_featured,
    };
    if (editing) {
      await unwrap(
        api.PATCH('/api/v1/operations/product-categories/{id}', { params: { path: { id: editing.id } }, body: fields }),
      );
      notifySuccess(`${values.name} saved.`);
    } else {
      await unwrap(
        api.POST('/api/v1/operations/product-categories', {
          body: { ...fields, parent_id: values.parent_id === ROOT ? null : values.parent_id },
        }),
      );
      notifySuccess(`${values.name} created.`);
    }
    await queryClient.invalidateQueries({ queryKey: catalogKeys.categories });
    onClose();
  });

  return (
    <FormDialog
      title={editing ? `Edit ${editing.name}` : 'New category'}
      onClose={onClose}
      onSubmit={onSubmit}
      submitLabel={editing ? 'Save' : 'Create category'}
      submitting={submitting}
      formError={formError}
    >
      <TextInput label="Name" required data-autofocus {...form.getInputProps('name')} />
      {!editing && (
        <Select
          label="Parent"
          data={parentOptions(tree)}
          allowDeselect={false}
          searchable
          {...form.getInputProps('parent_id')}
        />
      )}
      <Textarea label="Description" autosize minRows={2} {...form.getInputProps('description')} />
      <NumberInput
        label="Sort order"
        description="Lower first among siblings."
        allowDecimal={false}
        {...form.getInputProps('sort_order')}
      />
      <Switch label="Active" {...form.getInputProps('is_active', { type: 'checkbox' })} />
      <Switch label="Featured" {...form.getInputProps('is_featured', { type: 'checkbox' })} />
    </FormDialog>
  );
}
