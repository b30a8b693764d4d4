// Suspending a supplier asks for the reason (and, if known, until when): the dialog is the confirmation.
import { Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../api/client';
import { FormDialog } from '../components/FormDialog';
import { notifySuccess } from '../lib/feedback';
import { useApiSubmit } from '../lib/forms';
import { catalogKeys } from './api';
import { type Supplier } from './types';

export function SuspendSupplierModal({ supplier, onClose }: { supplier: Supplier; onClose: () => void }) {
  const queryClient = useQueryClient();
  const form = useForm({
    initialValues: { reason: '', suspended_until: '' },
    validate: { reason: (value) => (value.trim() === '' ? 'Say why the supplier is suspended.' : null) },
  });
  const { submitting, formError, onSubmit } = useApiSubmit(form, async ({ reason, suspended_until }) => {
    await unwrap(
      api.POST('/api/v1/operations/suppliers/{id}/suspend', {
        params: { path: { id: supplier.id } },
        body: { reason: reason.trim(), suspended_until: suspended_until === '' ? null : suspended_until },
      }),
    );
    notifySuccess(`${supplier.name} suspended.`);
    await queryClient.invalidateQueries({ queryKey: catalogKeys.suppliers });
    onClose();
  });

  return (
    <FormDialog
      title={`Suspend ${supplier.name}?`}
      onClose={onClose}
      onSubmit={onSubmit}
      submitLabel="Suspend"
      submitting={submitting}
      formError={formError}
      danger
    >
      <Text size="sm">No purchase order can be placed with a suspended supplier until it is activated again.</Text>
      <Textarea label="Reason" required autosize minRows={2} data-autofocus {...form.getInputProps('reason')} />
      <TextInput
        label="Suspended until"
        description="Optional; today or later."
        type="date"
        {...form.getInputProps('suspended_until')}
      />
    </FormDialog>
  );
}
