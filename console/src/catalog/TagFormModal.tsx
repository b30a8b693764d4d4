// Creating and editing a tag; the API's 422 messages (a taken name, a bad colour) appear at their fields.
import { ColorInput, Switch, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../api/client';
import { FormDialog } from '../components/FormDialog';
import { notifySuccess } from '../lib/feedback';
import { useApiSubmit } from '../lib/forms';
import { catalogKeys } from './api';
import { type Tag } from './types';

/** The API's colour when none is given. */
const DEFAULT_COLOR = '#3B82F6';

export function TagFormModal({ tag, onClose }: { tag: Tag | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const form = useForm({
    initialValues: {
      name: tag?.name ?? '',
      slug: tag?.slug ?? '',
      description: tag?.description ?? '',
      color: tag?.color ?? DEFAULT_COLOR,
      is_active: tag?.is_active ?? true,
    },
  });
  const { submitting, formError, onSubmit } = useApiSubmit(form, async (values) => {
    const body = {
      name: values.name,
      description: values.description.trim() === '' ? null : values.description.trim(),
      color: values.color,
      is_active: values.is_active,
      ...(values.slug.trim() === '' ? {} : { slug: values.slug.trim() }),
    };
    if (tag) {
      await unwrap(api.PATCH('/api/v1/operations/tags/{id}', { params: { path: { id: tag.id } }, body }));
      notifySuccess(`${values.name} saved.`);
    } else {
      await unwrap(api.POST('/api/v1/operations/tags', { body }));
      notifySuccess(`${values.name} created.`);
    }
    await queryClient.invalidateQueries({ queryKey: catalogKeys.tags });
    onClose();
  });

  return (
    <FormDialog
      title={tag ? `Edit ${tag.name}` : 'New tag'}
      onClose={onClose}
      onSubmit={onSubmit}
      submitLabel={tag ? 'Save' : 'Create tag'}
      submitting={submitting}
      formError={formError}
    >
      <TextInput label="Name" required data-autofocus {...form.getInputProps('name')} />
      <TextInput
        label="Slug"
        description={tag ? undefined : 'Leave blank to make it from the name.'}
        {...form.getInputProps('slug')}
      />
      <Textarea label="Description" autosize minRows={2} {...form.getInputProps('description')} />
      <ColorInput label="Colour" format="hex" {...form.getInputProps('color')} />
      <Switch
        label="Active"
        description="Inactive tags keep their products but cannot be given to new ones."
        {...form.getInputProps('is_active', { type: 'checkbox' })}
      />
    </FormDialog>
  );
}
