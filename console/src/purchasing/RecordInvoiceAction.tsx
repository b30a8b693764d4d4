// Record the supplier's invoice of a received order.
import { api, unwrap } from '../api/client';
import { ActionDialogButton } from './ActionDialog';
import { orderPath, type OrderActionProps } from './order-action';

export function RecordInvoiceAction({ order, openDialog }: OrderActionProps) {
  const number = order.po_number;
  return (
    <ActionDialogButton
      variant="light"
      openDialog={openDialog}
      spec={(current) => ({
        title: `Record the invoice for ${number}`,
        fields: [
          { name: 'invoice_number', label: 'Invoice number', kind: 'text', required: true },
          { name: 'invoice_amount', label: `Amount (${current.currency})`, kind: 'number', required: true },
          { name: 'invoice_date', label: 'Invoice date', kind: 'date' },
        ],
        initial: { invoice_number: '', invoice_amount: current.total_amount, invoice_date: '' },
        submitLabel: 'Record invoice',
        send: async (values) => {
          await unwrap(
            api.POST('/api/v1/operations/purchase-orders/{id}/record-invoice', {
              ...orderPath(current),
              body: {
                invoice_number: String(values.invoice_number),
                invoice_amount: Number(values.invoice_amount),
                invoice_date: String(values.invoice_date) || null,
              },
            }),
          );
          return `Invoice recorded for ${number}.`;
        },
      })}
    >
      Record invoice
    </ActionDialogButton>
  );
}
