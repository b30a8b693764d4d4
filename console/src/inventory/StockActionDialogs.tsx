// The actions on one inventory record, each a dialog: adjust on hand, reserve, release, transfer to another
// warehouse, and the reorder settings. Each sends one request; the API's refusals (422 at their fields, a
// stock shortfall above the form) stay in the dialog, and a success notifies and refreshes the area's data.
import { Text, TextInput, Textarea } from '@mantine/core';
import { NumberInput } from '../components/NumberInput';
import { useForm, type UseFormReturnType } from '@mantine/form';
import type { ComponentProps, ReactNode } from 'react';
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

/** The record's two ids, as every request about it names them. */
const recordIds = (record: InventoryRecord) => ({ product_id: record.product_id, warehouse_id: record.warehouse_id });

/** Sends the form; after a change the screens read again (the dialog's button spins meanwhile), so that the row
 * the dialog closes onto shows the change; then the user hears what happened (`send` says what). */
function useStockAction<Values extends Record<string, unknown>>(
  form: UseFormReturnType<Values>,
  onClose: () => void,
  send: (values: Values) => Promise<string>,
) {
  const refresh = useRefreshInventory();
  return useApiSubmit(form, async (values) => {
    const message = await send(values);
    await refresh();
    notifySuccess(message);
    onClose();
  });
}

interface RecordDialogProps extends DialogProps {
  title: string;
  submitLabel: string;
  /** The form's sending state, from useStockAction. */
  action: Pick<ComponentProps<typeof FormDialog>, 'onSubmit' | 'submitting' | 'formError'>;
  children: ReactNode;
}

/** A stock action's dialog: its form, under what the record holds now. */
function RecordDialog({ record, onClose, title, submitLabel, action, children }: RecordDialogProps) {
  return (
    <FormDialog
      title={title}
      onClose={onClose}
      onSubmit={action.onSubmit}
      submitLabel={submitLabel}
      submitting={action.submitting}
      formError={action.formError}
    >
      <RecordSummary record={record} />
      {children}
    </FormDialog>
  );
}

function AdjustDialog({ record, onClose }: DialogProps) {
  const form = useForm({ initialValues: { quantity: '' as number | string, reason: '', notes: '' } });
  const action = useStockAction(form, onClose, async (values) => {
    const { data } = await unwrap(
      api.POST('/api/v1/operations/inventory/adjust', {
        body: {
          ...recordIds(record),
          quantity: quantityValue(values.quantity),
          reason: values.reason,
          notes: optionalText(values.notes),
        },
      }),
    );
    return `Adjusted ${where(record)} by ${signed(data.movement.quantity)}: ${data.quantity_on_hand} on hand.`;
  });
  const change = form.values.quantity === '' ? null : Number(form.values.quantity);

  return (
    <RecordDialog record={record} onClose={onClose} title="Adjust stock" submitLabel="Adjust" action={action}>
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
    </RecordDialog>
  );
}

function ReservationDialog({ record, onClose, kind }: DialogProps & { kind: 'reserve' | 'release' }) {
  const form = useForm({
    initialValues: { quantity: '' as number | string, reference_type: '', reference_id: '', notes: '' },
  });
  const action = useStockAction(form, onClose, async (values) => {
    const body = {
      ...recordIds(record),
      quantity: quantityValue(values.quantity),
      reference_type: optionalText(values.reference_type),
      reference_id: optionalText(values.reference_id),
      notes: optionalText(values.notes),
    };
    const { data } =
      kind === 'reserve'
        ? await unwrap(api.POST('/api/v1/operations/inventory/reserve', { body }))
        : await unwrap(api.POST('/api/v1/operations/inventory/release', { body }));
    return `${kind === 'reserve' ? 'Reserved' : 'Released'} ${body.quantity} of ${where(record)}: ${data.quantity_reserved} reserved, ${data.quantity_available} available.`;
  });

  return (
    <RecordDialog
      record={record}
      onClose={onClose}
      title={kind === 'reserve' ? 'Reserve stock' : 'Release reserved stock'}
      submitLabel={kind === 'reserve' ? 'Reserve' : 'Release'}
      action={action}
    >
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
    </RecordDialog>
  );
}

function TransferDialog({ record, onClose }: DialogProps) {
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
  const action = useStockAction(form, onClose, async (values) => {
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
    return `Moved ${quantityValue(values.quantity)} of ${record.product.name} from ${data.from.warehouse.name} (${data.from.quantity_on_hand} left) to ${data.to.warehouse.name} (${data.to.quantity_on_hand} now).`;
  });

  return (
    <RecordDialog record={record} onClose={onClose} title="Transfer stock" submitLabel="Transfer" action={action}>
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
    </RecordDialog>
  );
}

function ReorderSettingsDialog({ record, onClose }: DialogProps) {
  const form = useForm({
    initialValues: {
      reorder_point: (record.reorder_point ?? '') as number | string,
      reorder_quantity: (record.reorder_quantity ?? '') as number | string,
    },
  });
  const action = useStockAction(form, onClose, async (values) => {
    const { data } = await unwrap(
      api.PUT('/api/v1/operations/inventory/reorder-settings', {
        body: {
          ...recordIds(record),
          reorder_point: optionalNumber(values.reorder_point),
          reorder_quantity: optionalNumber(values.reorder_quantity),
        },
      }),
    );
    // Advice that did not stop the change (e.g. a quantity not above the point) is worth a second look.
    for (const warning of data.warnings)
      notifications.show({ color: 'yellow', title: 'Saved, but note', message: warning, autoClose: 8000 });
    return data.reorder_point === null
      ? `Reordering is off for ${where(record)}.`
      : `Reorder settings saved for ${where(record)}.`;
  });

  return (
    <RecordDialog record={record} onClose={onClose} title="Reorder settings" submitLabel="Save" action={action}>
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
    </RecordDialog>
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
