// Creating and editing a customer: contact data, the id in another system, the shipping and billing addresses,
// notes and whether the customer is active. The API's 422 messages (a taken external id, an invalid e-mail or
// country) appear at their fields.
import { Checkbox, SimpleGrid, TextInput, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { api, unwrap } from '../api/client';
import { FormDialog } from '../components/FormDialog';
import { notifySuccess } from '../lib/feedback';
import { useApiSubmit } from '../lib/forms';
import { useRefreshSales, type Customer } from './api';
import type { Address } from './address';

const PARTS = ['street', 'city', 'state', 'postal_code', 'country'] as const;
const PART_LABELS: Record<(typeof PARTS)[number], string> = {
  street: 'Street',
  city: 'City',
  state: 'State or region',
  postal_code: 'Postal code',
  country: 'Country',
};

type AddressValues = Record<(typeof PARTS)[number], string>;
const blankToNull = (value: string) => (value.trim() === '' ? null : value.trim());

function addressValues(address: Address | null | undefined): AddressValues {
  return Object.fromEntries(PARTS.map((part) => [part, address?.[part] ?? ''])) as AddressValues;
}

/** The address as the API takes it: null when every part is empty, the country in capitals. */
export function addressBody(values: AddressValues): Address | null {
  const address = Object.fromEntries(PARTS.map((part) => [part, blankToNull(values[part])])) as Address;
  if (address.country) address.country = address.country.toUpperCase();
  return Object.values(address).some((value) => value !== null) ? address : null;
}

interface Props {
  customer: Customer | null;
  onClose: () => void;
  onSaved?: (customer: Customer) => void;
}

export function CustomerFormDialog({ customer, onClose, onSaved }: Props) {
  const refresh = useRefreshSales();
  const form = useForm({
    initialValues: {
      name: customer?.name ?? '',
      email: customer?.email ?? '',
      phone: customer?.phone ?? '',
      company: customer?.company ?? '',
      external_id: customer?.external_id ?? '',
      shipping_address: addressValues(customer?.shipping_address),
      billing_address: addressValues(customer?.billing_address),
      notes: customer?.notes ?? '',
      is_active: customer?.is_active ?? true,
    },
    validate: { name: (value) => (value.trim() ? null : "Enter the customer's name.") },
  });
  const { submitting, formError, onSubmit } = useApiSubmit(form, async (values) => {
    const body = {
      name: values.name.trim(),
      email: blankToNull(values.email),
      phone: blankToNull(values.phone),
      company: blankToNull(values.company),
      external_id: blankToNull(values.external_id),
      shipping_address: addressBody(values.shipping_address),
      billing_address: addressBody(values.billing_address),
      notes: blankToNull(values.notes),
      is_active: values.is_active,
    };
    const saved = customer
      ? await unwrap(api.PATCH('/api/v1/crm/customers/{id}', { params: { path: { id: customer.id } }, body }))
      : await unwrap(api.POST('/api/v1/crm/customers', { body }));
    await refresh();
    notifySuccess(customer ? `${saved.data.name} saved.` : `${saved.data.name} added.`);
    onSaved?.(saved.data);
    onClose();
  });
  const address = (field: 'shipping_address' | 'billing_address', title: string) => (
    <>
      <Title order={3} size="h5" mt="xs">
        {title}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {PARTS.map((part) => (
          <TextInput
            key={part}
            label={`${PART_LABELS[part]}`}
            aria-label={`${title}: ${PART_LABELS[part]}`}
            description={part === 'country' ? 'Two-letter code, e.g. GB' : undefined}
            maxLength={part === 'country' ? 2 : undefined}
            {...form.getInputProps(`${field}.${part}`)}
          />
        ))}
      </SimpleGrid>
    </>
  );
  return (
    <FormDialog
      title={customer ? `Edit ${customer.name}` : 'New customer'}
      onClose={onClose}
      onSubmit={onSubmit}
      submitLabel={customer ? 'Save changes' : 'Add customer'}
      submitting={submitting}
      formError={formError}
      size="lg"
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput label="Name" withAsterisk data-autofocus {...form.getInputProps('name')} />
        <TextInput label="Company" {...form.getInputProps('company')} />
        <TextInput label="E-mail" type="email" {...form.getInputProps('email')} />
        <TextInput label="Phone" {...form.getInputProps('phone')} />
        <TextInput
          label="External id"
          description="The customer's id in a shop or CRM"
          {...form.getInputProps('external_id')}
        />
      </SimpleGrid>
      {address('shipping_address', 'Shipping address')}
      {address('billing_address', 'Billing address')}
      <Textarea label="Notes" autosize minRows={2} {...form.getInputProps('notes')} />
      <Checkbox
        label="Active"
        description="An inactive customer stays on record and is not offered for new orders"
        {...form.getInputProps('is_active', { type: 'checkbox' })}
      />
    </FormDialog>
  );
}
