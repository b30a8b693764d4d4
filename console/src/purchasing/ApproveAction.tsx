// Approve a pending order, with optional approval notes.
import { IconCheck } from '@tabler/icons-react';
import { api, unwrap } from '../api/client';
import { ActionDialogButton } from './ActionDialog';
import { orderPath, type OrderActionProps } from './order-action';

export function ApproveAction({ order, openDialog }: OrderActionProps) {
  const number = order.po_number;
  return (
    <ActionDialogButton
      color="teal"
      leftSection={<IconCheck size={16} />}
      openDialog={openDialog}
      spec={(current) => ({
        title: `Approve ${number}`,
        fields: [{ name: 'approval_notes', label: 'Approval notes', kind: 'textarea' }],
        initial: { approval_notes: '' },
        submitLabel: 'Approve',
        send: async (values) => {
          await unwrap(
            api.POST('/api/v1/operations/purchase-orders/{id}/approve', {
              ...orderPath(current),
              body: { approval_notes: String(values.approval_notes).trim() || null },
            }),
          );
          return `${number} approved.`;
        },
      })}
    >
      Approve
    </ActionDialogButton>
  );
}
