// The actions on one inventory record, each a dialog: adjust on hand, reserve, release, transfer to another
// warehouse, and the reorder settings. Each sends one request; the API's refusals (422 at their fields, a
// stock shortfall above the form) stay in the dialog, and a success notifies and refreshes the area's data.
import { Text, TextInput, Textarea } from '@mantine/core';
import { NumberInput } from '../components/NumberInput';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { api, unwrap } from '../api/client';
import { notifySuccess } from '../lib/feedback';
import { useApiSubmit } from '../lib/forms';
import { FormDialog } from '../components/FormDialog';
import { optionalNumber, optionalText, quantityValue } from './form-values';
import { signed } from './physical-count';
import { useRefreshInventory, type InventoryRecord } from './api';
import { WarehouseSelect } from './WarehouseSelect';

export type StockAction = 'adjust' | 'reserve' | 'release' | 'transfer' | 'reorder';

interface DialogProps {
  record: InventoryRecord;
  onClose: () => void;
}

const where = (record: InventoryRecord) => `${record.product.name} in ${record.warehouse.name}`;

function RecordSummary({ record }: { record: InventoryRecord }) {
  return (
    <Text size="sm" c="dimmed">
      {where(record)}: {record.quantity_on_hand} on hand, {record.quantity_reserved} reserved,{' '}
      {record.quantity_available} available.
    </Text>
  );
}

/** After a change: the screens read again (the dialog's button spins meanwhile), so that the row the dialog
 * closes onto shows the change; then the user hears what happened. */
function useDone(onClose: () => void) {
  const refresh = useRefreshInventory();
  return async (message: string) => {
    await refresh();
    notifySuccess(message);
    onClose();
  };
}

function AdjustDialog({ record, onClose }: DialogProps) {
  const done = useDone(onClose);
  const form = useForm({ initialValues: { quantity: '' as number | string, reason: '', notes: '' } });
  const { submitting, formError, onSubmit } = useApiSubmit(form, async (values) => {
    const { data } = await unwrap(
      api.POST('/api/v1/operations/inventory/adjust', {
        body: {
          product_id: record.product_id,
          warehouse_id: record.warehouse_id,
          quantity: quantityValue(values.quantity),
          reason: values.reason,
          notes: optionalText(values.notes),
        },
      }),
    );
    await done(`Adjusted ${where(record)} by ${signed(data.movement.quantity)}: ${data.quantity_on_hand} on hand.`);
  });
  const change = form.values.quantity === '' ? null : Number(form.values.quantity);

  return (
    <FormDialog
      title="Adjust stock"
      onClose={onClose}
      onSubmit={onSubmit}
      submitLabel="Adjust"
      submitting={submitting}
      formError={formError}
    >
      <RecordSummary record={record} />
      <NumberInput
        label="Change of on hand"
        description={
          change === null || Number.isNaN(change)
            ? 'Positive adds, negative removes.'
            : `On hand after: ${record.quantity_on_hand + change}`
        }
        required
        allowDecimal={false}
        data-autofocus
        {...form.getInputProps('quantity')}
      />
      <TextInput label="Reason" required placeholder="e.g. Damaged in handling" {...form.getInputProps('reason')} />
      <Textarea label="Notes" autosize minRows={2} {...form.getInputProps('notes')} />
    </FormDialog>
  );
}

function ReservationDialog({ record, onClose, kind }: DialogProps & { kind: 'reserve' | 'release' }) {
  const done = useDone(onClose);
  const form = useForm({
    initialValues: { quantity: '' as number | string, reference_type: '', reference_id: '', notes: '' },
  });
  const { submitting, formError, onSubmit } = useApiSubmit(form, async (values) => {
    const body = {
      product_id: record.product_id,
      warehouse_id: record.warehouse_id,
      quantity: quantityValue(values.quantity),
      reference_type: optionalText(values.reference_type),
      reference_id: optionalText(values.reference_id),
      notes: optionalText(values.notes),
    };
    const { data } =
      kind === 'reserve'
        ? await unwrap(api.POST('/api/v1/operations/inventory/reserve', { body }))
        : await unwrap(api.POST('/api/v1/operations/inventory/release', { body }));
    await done(
      `${kind === 'reserve' ? 'Reserved' : 'Released'} ${body.quantity} of ${where(record)}: ${data.quantity_reserved} reserved, ${data.quantity_available} available.`,
    );
  });

  return (
    <FormDialog
      title={kind === 'reserve' ? 'Reserve stock' : 'Release reserved stock'}
      onClose={onClose}
      onSubmit={onSubmit}
      submitLabel={kind === 'reserve' ? 'Reserve' : 'Release'}
      submitting={submitting}
      formError={formError}
    >
      <RecordSummary record={record} />
      <NumberInput
        label="Quantity"
        required
        min={1}
        allowDecimal={false}
        allowNegative={false}
        data-autofocus
        {...form.getInputProps('quantity')}
      />
      <TextInput label="Reference type" placeholder="e.g. sales_order" {...form.getInputProps('reference_type')} />
      <TextInput label="Reference" placeholder="e.g. SO-10492" {...form.getInputProps('reference_id')} />
      <Textarea label="Notes" autosize minRows={2} {...form.getInputProps('notes')} />
    </FormDialog>
  );
}

function TransferDialog({ record, onClose }: DialogProps) {
  const done = useDone(onClose);
  const form = useForm({
    initialValues: {
      to_warehouse_id: null as string | null,
      quantity: '' as number | string,
      reason: '',
      reference_number: '',
      notes: '',
    },
    validate: { to_warehouse_id: (value) => (value ? null : 'Choose the warehouse to move the stock to.') },
  });
  const { submitting, formError, onSubmit } = useApiSubmit(form, async (values) => {
    const { data } = await unwrap(
      api.POST('/api/v1/operations/inventory/transfer', {
        body: {
          product_id: record.product_id,
          from_warehouse_id: record.warehouse_id,
          to_warehouse_id: values.to_warehouse_id,
          quantity: quantityValue(values.quantity),
          reason: optionalText(values.reason),
          reference_number: optionalText(values.reference_number),
          notes: optionalText(values.notes),
        },
      }),
    );
    await done(
      `Moved ${quantityValue(values.quantity)} of ${record.product.name} from ${data.from.warehouse.name} (${data.from.quantity_on_hand} left) to ${data.to.warehouse.name} (${data.to.quantity_on_hand} now).`,
    );
  });

  return (
    <FormDialog
      title="Transfer stock"
      onClose={onClose}
      onSubmit={onSubmit}
      submitLabel="Transfer"
      submitting={submitting}
      formError={formError}
    >
      <RecordSummary record={record} />
      <WarehouseSelect
        label="To warehouse"
        required
        exclude={record.warehouse_id}
        searchable
        data-autofocus
        {...form.getInputProps('to_warehouse_id')}
      />
      <NumberInput
        label="Quantity"
        description={`At most ${record.quantity_available} (reserved stock stays).`}
        required
        min={1}
        allowDecimal={false}
        allowNegative={false}
        {...form.getInputProps('quantity')}
      />
      <TextInput label="Reason" placeholder="e.g. Restock the shop floor" {...form.getInputProps('reason')} />
      <TextInput label="Reference number" placeholder="e.g. TR-2026-118" {...form.getInputProps('reference_number')} />
      <Textarea label="Notes" autosize minRows={2} {...form.getInputProps('notes')} />
    </FormDialog>
  );
}

function ReorderSettingsDialog({ record, onClose }: DialogProps) {
  const done = useDone(onClose);
  const form = useForm({
    initialValues: {
      reorder_point: (record.reorder_point ?? '') as number | string,
      reorder_quantity: (record.reorder_quantity ?? '') as number | string,
    },
  });
  const { submitting, formError, onSubmit } = useApiSubmit(form, async (values) => {
    const { data } = await unwrap(
      api.PUT('/api/v1/operations/inventory/reorder-settings', {
        body: {
          product_id: record.product_id,
          warehouse_id: record.warehouse_id,
          reorder_point: optionalNumber(values.reorder_point),
          reorder_quantity: optionalNumber(values.reorder_quantity),
        },
      }),
    );
    // Advice that did not stop the change (e.g. a quantity not above the point) is worth a second look.
    for (const warning of data.warnings)
      notifications.show({ color: 'yellow', title: 'Saved, but note', message: warning, autoClose: 8000 });
    await done(
      data.reorder_point === null
        ? `Reordering is off for ${where(record)}.`
        : `Reorder settings saved for ${where(record)}.`,
    );
  });

  return (
    <FormDialog
      title="Reorder settings"
      onClose={onClose}
      onSubmit={onSubmit}
      submitLabel="Save"
      submitting={submitting}
      formError={formError}
    >
      <RecordSummary record={record} />
      <Text size="sm">Leave both empty to turn reordering off for this product in this warehouse.</Text>
      <NumberInput
        label="Reorder point"
        description="Reorder when available stock falls to this."
        min={0}
        allowDecimal={false}
        data-autofocus
        {...form.getInputProps('reorder_point')}
      />
      <NumberInput
        label="Reorder quantity"
        description="How many to order each time."
        min={0}
        allowDecimal={false}
        {...form.getInputProps('reorder_quantity')}
      />
    </FormDialog>
  );
}

export function StockActionDialog({ action, record, onClose }: DialogProps & { action: StockAction }) {
  switch (action) {
    case 'adjust':
      return <AdjustDialog record={record} onClose={onClose} />;
    case 'reserve':
    case 'release':
      return <ReservationDialog record={record} onClose={onClose} kind={action} />;
    case 'transfer':
      return <TransferDialog record={record} onClose={onClose} />;
    case 'reorder':
      return <ReorderSettingsDialog record={record} onClose={onClose} />;
  }
}

/** Which ability each action needs (docs/abilities.md). */
export const ACTION_ABILITIES: Record<StockAction, string> = {
  adjust: 'operations:adjust-stock',
  reserve: 'operations:reserve-stock',
  release: 'operations:release-stock',
  transfer: 'operations:transfer-stock',
  reorder: 'operations:manage-inventory',
};

export const ACTION_LABELS: Record<StockAction, string> = {
  adjust: 'Adjust',
  reserve: 'Reserve',
  release: 'Release',
  transfer: 'Transfer',
  reorder: 'Reorder settings',
};
