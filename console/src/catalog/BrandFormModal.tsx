// Creating and editing a brand; the API's 422 messages (a taken slug, a malformed URL) appear at their fields.
import { Switch, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../api/client';
import { FormDialog } from '../components/FormDialog';
import { notifySuccess } from '../lib/feedback';
import { useApiSubmit } from '../lib/forms';
import { catalogKeys } from './api';
import { type Brand } from './types';

const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

export function BrandFormModal({ brand, onClose }: { brand: Brand | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const form = useForm({
    initialValues: {
      name: brand?.name ?? '',
      slug: brand?.slug ?? '',
      description: brand?.description ?? '',
      website_url: brand?.website_url ?? '',
      logo_url: brand?.logo_url ?? '',
      is_active: brand?.is_active ?? true,
    },
  });
  const { submitting, formError, onSubmit } = useApiSubmit(form, async (values) => {
    const body = {
      name: values.name,
      description: orNull(values.description),
      website_url: orNull(values.website_url),
      logo_url: orNull(values.logo_url),
      is_active: values.is_active,
      // Blank at creation: the API makes the slug from the name.
      ...(values.slug.trim() === '' ? {} : { slug: values.slug.trim() }),
    };
    if (brand) {
      await unwrap(api.PATCH('/api/v1/operations/brands/{id}', { params: { path: { id: brand.id } }, body }));
      notifySuccess(`${values.name} saved.`);
    } else {
      await unwrap(api.POST('/api/v1/operations/brands', { body }));
      notifySuccess(`${values.name} created.`);
    }
    await queryClient.invalidateQueries({ queryKey: catalogKeys.brands });
    onClose();
  });

  return (
    <FormDialog
      title={brand ? `Edit ${brand.name}` : 'New brand'}
      onClose={onClose}
      onSubmit={onSubmit}
      submitLabel={brand ? 'Save' : 'Create brand'}
      submitting={submitting}
      formError={formError}
    >
      <TextInput label="Name" required data-autofocus {...form.getInputProps('name')} />
      <TextInput
        label="Slug"
        description={brand ? undefined : 'Leave blank to make it from the name.'}
        {...form.getInputProps('slug')}
      />
      <Textarea label="Description" autosize minRows={2} {...form.getInputProps('description')} />
      <TextInput label="Website" type="url" placeholder="https://" {...form.getInputProps('website_url')} />
      <TextInput label="Logo URL" type="url" placeholder="https://" {...form.getInputProps('logo_url')} />
      <Switch
        label="Active"
        description="Inactive brands keep their products but cannot be given to new ones."
        {...form.getInputProps('is_active', { type: 'checkbox' })}
      />
    </FormDialog>
  );
}
