// A dialog for an order action that takes a few inputs (a reason, an invoice number, …): its fields, the API's
// 422s at them, and on success a notification and the area's data read again.
import { Button, Checkbox, TextInput, Textarea, type ButtonProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { NumberInput } from '../components/NumberInput';
import { useForm } from '@mantine/form';
import { FormDialog } from '../components/FormDialog';
import { notifySuccess } from '../lib/feedback';
import { useApiSubmit } from '../lib/forms';
import { useRefreshPurchasing, type PurchaseOrder } from './api';
import type { OrderActionProps } from './order-action';

export type DialogValues = Record<string, string | number | boolean>;

export interface DialogField {
  /** The API's field name, so that its 422 lands here. */
  name: string;
  label: string;
  kind: 'text' | 'textarea' | 'date' | 'number' | 'checkbox';
  required?: boolean;
  description?: string;
  /** Shown but not changeable, with the reason in the description. */
  disabled?: boolean;
}

export interface ActionDialogSpec {
  title: string;
  fields: DialogField[];
  initial: DialogValues;
  submitLabel: string;
  /** Red for what cannot be undone. */
  danger?: boolean;
  /** Sends the action; resolves to the message for the notification. */
  send: (values: DialogValues) => Promise<string>;
}

export function ActionDialog({ spec, onClose }: { spec: ActionDialogSpec; onClose: () => void }) {
  const refresh = useRefreshPurchasing();
  const form = useForm<DialogValues>({ initialValues: spec.initial });
  const { submitting, formError, onSubmit } = useApiSubmit(form, async (values) => {
    const message = await spec.send(values);
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
      {spec.fields.map((field) => (
        <DialogInput
          key={field.name}
          field={field}
          props={form.getInputProps(field.name, field.kind === 'checkbox' ? { type: 'checkbox' } : undefined)}
        />
      ))}
    </FormDialog>
  );
}

function DialogInput({
  field,
  props,
}: {
  field: DialogField;
  props: ReturnType<ReturnType<typeof useForm<DialogValues>>['getInputProps']>;
}) {
  const common = {
    label: field.label,
    description: field.description,
    withAsterisk: field.required,
    disabled: field.disabled,
  };
  switch (field.kind) {
    case 'textarea':
      return <Textarea {...common} {...props} autosize minRows={3} data-autofocus />;
    case 'date':
      return <TextInput {...common} {...props} type="date" />;
    case 'number':
      return <NumberInput {...common} {...props} decimalScale={4} />;
    case 'checkbox':
      return <Checkbox label={field.label} description={field.description} disabled={field.disabled} {...props} />;
    default:
      return <TextInput {...common} {...props} />;
  }
}

/** A button that opens an action's dialog, its spec made from the order as it is each time the dialog draws. */
export function ActionDialogButton({
  openDialog,
  spec,
  children,
  ...button
}: ButtonProps & {
  openDialog: OrderActionProps['openDialog'];
  spec: (order: PurchaseOrder) => ActionDialogSpec;
  children: ReactNode;
}) {
  return (
    <Button
      {...button}
      onClick={() => openDialog((current, close) => <ActionDialog onClose={close} spec={spec(current)} />)}
    >
      {children}
    </Button>
  );
}
