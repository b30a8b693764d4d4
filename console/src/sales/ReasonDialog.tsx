// A dialog for an order step that takes one text (a reason or notes, required or not): the API's 422 at the
// field, and on success a notification and the area read again.
import { Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { FormDialog } from '../components/FormDialog';
import { notifySuccess } from '../lib/feedback';
import { useApiSubmit } from '../lib/forms';
import { useRefreshSales } from './api';

export interface ReasonDialogSpec {
  title: string;
  /** What the step does, said before the field. */
  message?: string;
  /** The API's field name, so that its 422 lands here. */
  field: 'reason' | 'notes';
  label: string;
  required?: boolean;
  submitLabel: string;
  danger?: boolean;
  /** Sends the step with the text (undefined when left empty); resolves to the notification's message. */
  send: (text: string | undefined) => Promise<string>;
}

export function ReasonDialog({ spec, onClose }: { spec: ReasonDialogSpec; onClose: () => void }) {
  const refresh = useRefreshSales();
  const form = useForm<Record<string, string>>({
    initialValues: { [spec.field]: '' },
    validate: {
      [spec.field]: (value: string) =>
        spec.required && !value.trim() ? `Give the ${spec.label.toLowerCase()}.` : null,
    },
  });
  const { submitting, formError, onSubmit } = useApiSubmit(form, async (values) => {
    const message = await spec.send(values[spec.field]!.trim() || undefined);
    await refresh();
    notifySuccess(message);
    onClose();
  });
  return (
    <FormDialog
      title={spec.title}
      onClose={onClose}
      onSubmit={onSubmit}
      submitLabel={spec.submitLabel}
      submitting={submitting}
      formError={formError}
      danger={spec.danger}
    >
      {spec.message && <Text size="sm">{spec.message}</Text>}
      <Textarea
        label={spec.label}
        withAsterisk={spec.required}
        autosize
        minRows={2}
        data-autofocus
        {...form.getInputProps(spec.field)}
      />
    </FormDialog>
  );
}
