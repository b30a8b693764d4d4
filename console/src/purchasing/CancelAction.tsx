// Cancel an order still expecting goods, with a reason; the supplier can be told when they already hold it.
import { api, unwrap } from '../api/client';
import { ActionDialogButton } from './ActionDialog';
import { orderPath, type OrderActionProps } from './order-action';
import { isWithSupplier } from './status';

export function CancelAction({ order, openDialog }: OrderActionProps) {
  const number = order.po_number;
  return (
    <ActionDialogButton
      color="red"
      variant="light"
      openDialog={openDialog}
      spec={(current) => ({
        title: `Cancel ${number}`,
        fields: [
          { name: 'reason', label: 'Reason', kind: 'textarea', required: true },
          ...(isWithSupplier(current)
            ? [{ name: 'notify_supplier', label: 'Tell the supplier by e-mail', kind: 'checkbox' as const }]
            : []),
        ],
        initial: { reason: '', notify_supplier: true },
        submitLabel: 'Cancel the order',
        danger: true,
        send: async (values) => {
          await unwrap(
            api.POST('/api/v1/operations/purchase-orders/{id}/cancel', {
              ...orderPath(current),
              body: {
                reason: String(values.reason),
                notify_supplier: isWithSupplier(current) ? Boolean(values.notify_supplier) : undefined,
              },
            }),
          );
          return `${number} cancelled.`;
        },
      })}
    >
      Cancel order
    </ActionDialogButton>
  );
}
