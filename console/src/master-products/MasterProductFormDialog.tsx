// Create or edit a master product: the fields of its body, the API's 422 messages at their fields.
import { Group, Select, SimpleGrid, Switch, TextInput, Textarea } from '@mantine/core';
import { NumberInput } from '../components/NumberInput';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useCan } from '../auth/session';
import { FormDialog } from '../components/FormDialog';
import { useApiSubmit } from '../lib/forms';
import { notifySuccess } from '../lib/feedback';
import {
  createMaster,
  masterKeys,
  updateMaster,
  useCategoryOptions,
  useSupplierOptions,
  type MasterProduct,
} from './api';
import { formValuesOf, masterBody, type MasterFormValues } from './form-values';
import { MASTER_STATUSES } from './status';

type InputProps = ReturnType<ReturnType<typeof useForm<MasterFormValues>>['getInputProps']>;

interface Props {
  master: MasterProduct | null;
  onClose: () => void;
  onSaved?: (master: MasterProduct) => void;
}

export function MasterProductFormDialog({ master, onClose, onSaved }: Props) {
  const queryClient = useQueryClient();
  const form = useForm<MasterFormValues>({
    initialValues: formValuesOf(master),
    validate: { name: (value) => (value.trim() === '' ? 'Enter a name.' : null) },
  });
  const { submitting, formError, onSubmit } = useApiSubmit(form, async (values) => {
    const body = masterBody(values, master === null);
    const saved = master ? await updateMaster(master.id, body) : await createMaster(body);
    await queryClient.invalidateQueries({ queryKey: masterKeys.all });
    notifySuccess(master ? `${saved.name} saved.` : `Master product ${saved.name} created.`);
    onClose();
    onSaved?.(saved);
    return saved;
  });

  return (
    <FormDialog
      title={master ? `Edit ${master.name}` : 'New master product'}
      onClose={onClose}
      onSubmit={onSubmit}
      submitLabel={master ? 'Save' : 'Create'}
      submitting={submitting}
      formError={formError}
      size="lg"
    >
      <TextInput label="Name" withAsterisk {...form.getInputProps('name')} data-autofocus />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="Base SKU"
          description="Generated variant SKUs start with it."
          {...form.getInputProps('sku')}
        />
        <TextInput
          label="Slug"
          description={master ? undefined : 'Made from the name when blank.'}
          {...form.getInputProps('slug')}
        />
        <Select label="Status" data={MASTER_STATUSES} allowDeselect={false} {...form.getInputProps('status')} />
        <TextInput
          label="Currency"
          description={master ? undefined : "The organisation's default when blank."}
          maxLength={3}
          {...form.getInputProps('currency')}
        />
        <NumberInput label="Base price" min={0} decimalScale={2} {...form.getInputProps('base_price')} />
        <NumberInput label="Base cost price" min={0} decimalScale={2} {...form.getInputProps('base_cost_price')} />
        <TextInput label="Brand" {...form.getInputProps('brand')} />
        <TextInput label="Model" {...form.getInputProps('model')} />
        <TaxonomySelects
          categoryProps={form.getInputProps('category_id')}
          supplierProps={form.getInputProps('supplier_id')}
        />
      </SimpleGrid>
      <TextInput label="Short description" {...form.getInputProps('short_description')} />
      <Textarea label="Description" autosize minRows={3} {...form.getInputProps('description')} />
      <Group>
        <Switch label="Visible" {...form.getInputProps('is_visible', { type: 'checkbox' })} />
        <Switch label="Featured" {...form.getInputProps('is_featured', { type: 'checkbox' })} />
      </Group>
    </FormDialog>
  );
}

/** Category and supplier pickers, each shown to those who may read the list it picks from. */
function TaxonomySelects({ categoryProps, supplierProps }: { categoryProps: InputProps; supplierProps: InputProps }) {
  const can = useCan();
  const categories = useCategoryOptions(can('operations:view-products'));
  const suppliers = useSupplierOptions(can('operations:view-suppliers'));
  return (
    <>
      {can('operations:view-products') && (
        <Select
          label="Category"
          clearable
          searchable
          placeholder={categories.isPending ? 'Loading…' : 'None'}
          data={categories.data ?? []}
          {...categoryProps}
        />
      )}
      {can('operations:view-suppliers') && (
        <Select
          label="Supplier"
          clearable
          searchable
          placeholder={suppliers.isPending ? 'Loading…' : 'None'}
          data={suppliers.data ?? []}
          {...supplierProps}
        />
      )}
    </>
  );
}
