// Create or edit a warehouse: name, code, type, default and active flags, and its address.
import { Checkbox, Group, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { api, unwrap } from '../api/client';
import { notifySuccess } from '../lib/feedback';
import { useApiSubmit } from '../lib/forms';
import { FormDialog } from '../components/FormDialog';
import { useRefreshInventory, type Warehouse, type WarehouseType } from './api';

export const WAREHOUSE_TYPES: { value: WarehouseType; label: string }[] = [
  { value: 'main', label: 'Main' },
  { value: 'distribution', label: 'Distribution' },
  { value: 'satellite', label: 'Satellite' },
  { value: 'virtual', label: 'Virtual' },
  { value: 'consignment', label: 'Consignment' },
];

const ADDRESS_FIELDS = ['street', 'city', 'state', 'postal_code', 'country'] as const;
type AddressField = (typeof ADDRESS_FIELDS)[number];

function initialValues(warehouse: Warehouse | null) {
  const address = Object.fromEntries(
    ADDRESS_FIELDS.map((field) => [field, warehouse?.address?.[field] ?? '']),
  ) as Record<AddressField, string>;
  return {
    name: warehouse?.name ?? '',
    code: warehouse?.code ?? '',
    type: (warehouse?.type ?? 'main') as WarehouseType,
    is_default: warehouse?.is_default ?? false,
    is_active: warehouse?.is_active ?? true,
    address,
  };
}

/** The address as the API stores it: blank parts as null, and none at all when every part is blank. */
export function addressBody(address: Record<AddressField, string>) {
  const parts = Object.fromEntries(ADDRESS_FIELDS.map((field) => [field, address[field].trim() || null])) as Record<
    AddressField,
    string | null
  >;
  return Object.values(parts).every((part) => part === null) ? null : parts;
}

export function WarehouseFormDialog({ warehouse, onClose }: { warehouse: Warehouse | null; onClose: () => void }) {
  const refresh = useRefreshInventory();
  const form = useForm({ initialValues: initialValues(warehouse) });
  const { submitting, formError, onSubmit } = useApiSubmit(form, async (values) => {
    const body = { ...values, address: addressBody(values.address) };
    const saved = warehouse
      ? await unwrap(api.PATCH('/api/v1/operations/warehouses/{id}', { params: { path: { id: warehouse.id } }, body }))
      : await unwrap(api.POST('/api/v1/operations/warehouses', { body }));
    await refresh();
    notifySuccess(warehouse ? `Warehouse ${saved.data.name} saved.` : `Warehouse ${saved.data.name} created.`);
    onClose();
  });

  return (
    <FormDialog
      title={warehouse ? `Edit ${warehouse.name}` : 'New warehouse'}
      onClose={onClose}
      onSubmit={onSubmit}
      submitLabel={warehouse ? 'Save' : 'Create'}
      submitting={submitting}
      formError={formError}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="Name" required data-autofocus {...form.getInputProps('name')} />
        <TextInput label="Code" required placeholder="e.g. SHOP-1" {...form.getInputProps('code')} />
      </SimpleGrid>
      <Select label="Type" data={WAREHOUSE_TYPES} allowDeselect={false} {...form.getInputProps('type')} />
      <Group>
        <Checkbox
          label="Default warehouse"
          description="Stock changes without a warehouse go here."
          {...form.getInputProps('is_default', { type: 'checkbox' })}
        />
        <Checkbox label="Active" {...form.getInputProps('is_active', { type: 'checkbox' })} />
      </Group>
      <TextInput label="Street" {...form.getInputProps('address.street')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="City" {...form.getInputProps('address.city')} />
        <TextInput label="State or region" {...form.getInputProps('address.state')} />
        <TextInput label="Postal code" {...form.getInputProps('address.postal_code')} />
        <TextInput label="Country" placeholder="Two-letter code, e.g. GB" {...form.getInputProps('address.country')} />
      </SimpleGrid>
    </FormDialog>
  );
}
