// Reject a pending order, with the reason the requester sees.
import { IconX } from '@tabler/icons-react';
import { api, unwrap } from '../api/client';
import { ActionDialogButton } from './ActionDialog';
import { orderPath, type OrderActionProps } from './order-action';

export function RejectAction({ order, openDialog }: OrderActionProps) {
  const number = order.po_number;
  return (
    <ActionDialogButton
      color="red"
      variant="light"
      leftSection={<IconX size={16} />}
      openDialog={openDialog}
      spec={(current) => ({
        title: `Reject ${number}`,
        fields: [
          {
            name: 'reason',
            label: 'Reason',
            kind: 'textarea',
            required: true,
            description: 'The requester sees it.',
          },
        ],
        initial: { reason: '' },
        submitLabel: 'Reject',
        danger: true,
        send: async (values) => {
          await unwrap(
            api.POST('/api/v1/operations/purchase-orders/{id}/reject', {
              ...orderPath(current),
              body: { reason: String(values.reason) },
            }),
          );
          return `${number} rejected.`;
        },
      })}
    >
      Reject
    </ActionDialogButton>
  );
}
