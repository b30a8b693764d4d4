// Creating and editing a customer: contact data, the id in another system, the shipping and billing addresses,
// notes and whether the customer is active. The API's 422 messages (a taken external id, an invalid e-mail or
// country) appear at their fields.
import { Checkbox, SimpleGrid, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { api, unwrap } from '../api/client';
import { FormDialog } from '../components/FormDialog';
import { notifySuccess } from '../lib/feedback';
import { useApiSubmit } from '../lib/forms';
import { useRefreshSales, type Customer } from './api';
import { addressBody, addressValues } from './address';
import { AddressFields } from './AddressFields';

const blankToNull = (value: string) => (value.trim() === '' ? null : value.trim());

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
      <AddressFields form={form} field="shipping_address" title="Shipping address" />
      <AddressFields form={form} field="billing_address" title="Billing address" />
      <Textarea label="Notes" autosize minRows={2} {...form.getInputProps('notes')} />
      <Checkbox
        label="Active"
        description="An inactive customer stays on record and is not offered for new orders"
        {...form.getInputProps('is_active', { type: 'checkbox' })}
      />
    </FormDialog>
  );
}
