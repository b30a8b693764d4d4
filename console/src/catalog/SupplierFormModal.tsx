// Creating and editing a supplier: contact data, address and terms. The API's 422 messages (a taken code, an
// invalid e-mail, an address field) appear at their fields. A new supplier starts inactive.
import { Checkbox, Group, Select, SimpleGrid, TextInput, Title } from '@mantine/core';
import { NumberInput } from '../components/NumberInput';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../api/client';
import { FormDialog } from '../components/FormDialog';
import { notifySuccess } from '../lib/feedback';
import { useApiSubmit } from '../lib/forms';
import { label, SUPPLIER_TYPES } from './supplier-status';
import { catalogKeys } from './api';
import { type Supplier, type SupplierType } from './types';

const blankToNull = (value: string) => (value.trim() === '' ? null : value.trim());
const numberOrNull = (value: number | string) => (value === '' ? null : Number(value));

interface Props {
  supplier: Supplier | null;
  onClose: () => void;
  onSaved?: (supplier: Supplier) => void;
}

export function SupplierFormModal({ supplier, onClose, onSaved }: Props) {
  const queryClient = useQueryClient();
  const address = supplier?.address;
  const form = useForm({
    initialValues: {
      name: supplier?.name ?? '',
      code: supplier?.code ?? '',
      email: supplier?.email ?? '',
      phone: supplier?.phone ?? '',
      type: (supplier?.type ?? null) as SupplierType | null,
      address: {
        street: address?.street ?? '',
        city: address?.city ?? '',
        state: address?.state ?? '',
        postal_code: address?.postal_code ?? '',
        country: address?.country ?? '',
      },
      payment_terms: supplier?.payment_terms ?? '',
      lead_time_days: (supplier?.lead_time_days ?? '') as number | string,
      minimum_order_amount: (supplier?.minimum_order_amount ?? '') as number | string,
      is_approved: supplier?.is_approved ?? false,
      is_preferred: supplier?.is_preferred ?? false,
    },
  });
  const { submitting, formError, onSubmit } = useApiSubmit(form, async (values) => {
    const addressValues = Object.fromEntries(
      Object.entries(values.address).map(([key, value]) => [key, blankToNull(value)]),
    );
    const body = {
      name: values.name,
      code: values.code,
      email: values.email,
      phone: blankToNull(values.phone),
      type: values.type,
      address: Object.values(addressValues).some((value) => value !== null) ? addressValues : null,
      payment_terms: blankToNull(values.payment_terms),
      lead_time_days: numberOrNull(values.lead_time_days),
      minimum_order_amount: numberOrNull(values.minimum_order_amount),
      is_approved: values.is_approved,
      is_preferred: values.is_preferred,
    };
    const saved = supplier
      ? (await unwrap(api.PATCH('/api/v1/operations/suppliers/{id}', { params: { path: { id: supplier.id } }, body })))
          .data
      : (await unwrap(api.POST('/api/v1/operations/suppliers', { body }))).data;
    notifySuccess(`${saved.name} ${supplier ? 'saved' : 'created'}.`);
    await queryClient.invalidateQueries({ queryKey: catalogKeys.suppliers });
    onClose();
    onSaved?.(saved);
  });

  return (
    <FormDialog
      title={supplier ? `Edit ${supplier.name}` : 'New supplier'}
      onClose={onClose}
      onSubmit={onSubmit}
      submitLabel={supplier ? 'Save' : 'Create supplier'}
      submitting={submitting}
      formError={formError}
      size="lg"
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="Name" required data-autofocus {...form.getInputProps('name')} />
        <TextInput
          label="Code"
          required
          description="Letters, digits, dashes; stored upper-case."
          {...form.getInputProps('code')}
        />
        <TextInput label="E-mail" type="email" required {...form.getInputProps('email')} />
        <TextInput label="Phone" type="tel" {...form.getInputProps('phone')} />
        <Select
          label="Type"
          placeholder="Not set"
          clearable
          data={SUPPLIER_TYPES.map((type) => ({ value: type, label: label(type) }))}
          {...form.getInputProps('type')}
        />
        <TextInput label="Payment terms" placeholder="Net 30" {...form.getInputProps('payment_terms')} />
        <NumberInput label="Lead time (days)" min={0} allowDecimal={false} {...form.getInputProps('lead_time_days')} />
        <NumberInput
          label="Minimum order amount"
          min={0}
          decimalScale={2}
          {...form.getInputProps('minimum_order_amount')}
        />
      </SimpleGrid>
      <Title order={3} size="h5">
        Address
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="Street" {...form.getInputProps('address.street')} />
        <TextInput label="City" {...form.getInputProps('address.city')} />
        <TextInput label="State or region" {...form.getInputProps('address.state')} />
        <TextInput label="Postal code" {...form.getInputProps('address.postal_code')} />
        <TextInput label="Country" {...form.getInputProps('address.country')} />
      </SimpleGrid>
      <Group>
        <Checkbox label="Approved" {...form.getInputProps('is_approved', { type: 'checkbox' })} />
        <Checkbox label="Preferred" {...form.getInputProps('is_preferred', { type: 'checkbox' })} />
      </Group>
    </FormDialog>
  );
}
