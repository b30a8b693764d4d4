// The shipment steps that take inputs: pack (its notes, the package details the packing slip prints), ship
// (carrier, service, tracking numbers) and cancel (a reason). Each puts the API's 422 at its fields, and on
// success tells what happened and reads the area again.
import { TextInput, Textarea } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { api, unwrap } from '../api/client';
import { FormDialog } from '../components/FormDialog';
import { notifySuccess } from '../lib/feedback';
import { useApiSubmit } from '../lib/forms';
import { useRefreshShipments } from './api';
import type { Shipment } from './status';

interface DialogProps {
  shipment: Shipment;
  onClose: () => void;
}

const path = (shipment: Shipment) => ({ params: { path: { id: shipment.id } } });

/** A step's dialog: sends, then tells `message` and reads the area again. */
function useStep<Values extends Record<string, unknown>>(
  form: UseFormReturnType<Values>,
  onClose: () => void,
  send: (values: Values) => Promise<string>,
  aliases?: Record<string, string>,
) {
  const refresh = useRefreshShipments();
  return useApiSubmit(
    form,
    async (values) => {
      const message = await send(values);
      notifySuccess(message);
      onClose();
      await refresh();
    },
    { aliases },
  );
}

export function PackDialog({ shipment, onClose }: DialogProps) {
  const form = useForm({ initialValues: { notes: shipment.notes ?? '' } });
  const { submitting, formError, onSubmit } = useStep(form, onClose, async ({ notes }) => {
    const changed = notes.trim() !== (shipment.notes ?? '').trim();
    await unwrap(
      api.POST('/api/v1/sales/shipments/{id}/pack', {
        ...path(shipment),
        body: changed ? { notes: notes.trim() || null } : {},
      }),
    );
    return `${shipment.shipment_number} packed.`;
  });
  return (
    <FormDialog
      title={`Pack ${shipment.shipment_number}`}
      onClose={onClose}
      onSubmit={onSubmit}
      submitLabel="Mark packed"
      submitting={submitting}
      formError={formError}
    >
      <Textarea
        label="Notes"
        description="Package details for the packing slip: cartons, weight, anything the carrier should know."
        autosize
        minRows={3}
        data-autofocus
        {...form.getInputProps('notes')}
      />
    </FormDialog>
  );
}

/** The API names a refused tracking number by its position (`tracking_numbers.2`): shown at the one field. */
const TRACKING_ALIASES = Object.fromEntries(
  Array.from({ length: 50 }, (_, index) => [`tracking_numbers.${index}`, 'tracking_numbers']),
);

/** The tracking numbers typed one a line (or separated by commas), without blanks. */
export function trackingNumbers(text: string): string[] {
  return text
    .split(/[\n,]/)
    .map((part) => part.trim())
    .filter(Boolean);
}

export function ShipDialog({ shipment, onClose }: DialogProps) {
  const form = useForm({
    initialValues: { carrier: shipment.carrier ?? '', service: shipment.service ?? '', tracking_numbers: '' },
    validate: { carrier: (value) => (value.trim() ? null : 'Enter the carrier taking the parcel.') },
  });
  const { submitting, formError, onSubmit } = useStep(
    form,
    onClose,
    async (values) => {
      const tracking = trackingNumbers(values.tracking_numbers);
      await unwrap(
        api.POST('/api/v1/sales/shipments/{id}/ship', {
          ...path(shipment),
          body: {
            carrier: values.carrier.trim(),
            service: values.service.trim() || null,
            ...(tracking.length > 0 ? { tracking_numbers: tracking } : {}),
          },
        }),
      );
      return `${shipment.shipment_number} shipped: the stock left ${shipment.warehouse_name}.`;
    },
    TRACKING_ALIASES,
  );
  return (
    <FormDialog
      title={`Ship ${shipment.shipment_number}`}
      onClose={onClose}
      onSubmit={onSubmit}
      submitLabel="Ship"
      submitting={submitting}
      formError={formError}
    >
      <TextInput label="Carrier" withAsterisk data-autofocus {...form.getInputProps('carrier')} />
      <TextInput label="Service" description="Express, standard, pallet…" {...form.getInputProps('service')} />
      <Textarea
        label="Tracking numbers"
        description="One a line, as the carrier's labels print them."
        autosize
        minRows={2}
        {...form.getInputProps('tracking_numbers')}
      />
    </FormDialog>
  );
}

export function CancelDialog({ shipment, onClose }: DialogProps) {
  const form = useForm({ initialValues: { reason: '' } });
  const { submitting, formError, onSubmit } = useStep(form, onClose, async ({ reason }) => {
    await unwrap(
      api.POST('/api/v1/sales/shipments/{id}/cancel', {
        ...path(shipment),
        body: reason.trim() ? { reason: reason.trim() } : {},
      }),
    );
    return `${shipment.shipment_number} cancelled: its stock stays reserved for ${shipment.order_number}.`;
  });
  return (
    <FormDialog
      title={`Cancel ${shipment.shipment_number}`}
      onClose={onClose}
      onSubmit={onSubmit}
      submitLabel="Cancel the shipment"
      submitting={submitting}
      formError={formError}
      danger
    >
      <Textarea label="Reason" autosize minRows={2} data-autofocus {...form.getInputProps('reason')} />
    </FormDialog>
  );
}
