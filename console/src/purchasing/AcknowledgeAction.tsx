// Record the supplier's acknowledgement of a sent order: their reference and confirmed delivery date.
import { api, unwrap } from '../api/client';
import { ActionDialogButton } from './ActionDialog';
import { orderPath, type OrderActionProps } from './order-action';

export function AcknowledgeAction({ order, openDialog }: OrderActionProps) {
  const number = order.po_number;
  return (
    <ActionDialogButton
      variant="light"
      openDialog={openDialog}
      spec={(current) => ({
        title: `Record ${current.supplier?.name ?? 'the supplier'}'s acknowledgement`,
        fields: [
          { name: 'supplier_reference', label: "Supplier's reference", kind: 'text' },
          { name: 'confirmed_delivery_date', label: 'Confirmed delivery date', kind: 'date' },
          { name: 'notes', label: 'Notes', kind: 'textarea' },
        ],
        initial: { supplier_reference: '', confirmed_delivery_date: '', notes: '' },
        submitLabel: 'Record acknowledgement',
        send: async (values) => {
          await unwrap(
            api.POST('/api/v1/operations/purchase-orders/{id}/acknowledge', {
              ...orderPath(current),
              body: {
                supplier_reference: String(values.supplier_reference).trim() || null,
                confirmed_delivery_date: String(values.confirmed_delivery_date) || null,
                notes: String(values.notes).trim() || null,
              },
            }),
          );
          return `${number} acknowledged by the supplier.`;
        },
      })}
    >
      Acknowledge
    </ActionDialogButton>
  );
}
