// The actions an order allows now (the API's allowed_actions) that the user's abilities permit, one component
// each, in the API's order; a dialog an action opens shows under the buttons, one at a time.
import { Button, Group } from '@mantine/core';
import { IconDownload, IconPencil } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useCurrentUser } from '../auth/session';
import { AcknowledgeAction } from './AcknowledgeAction';
import { pdfUrl, type PurchaseOrder } from './api';
import { ApproveAction } from './ApproveAction';
import { CancelAction } from './CancelAction';
import { CompleteAction, DeleteAction, SubmitAction } from './CommandActions';
import type { OrderActionProps } from './order-action';
import { ReceiveAction } from './ReceiveAction';
import { RecordInvoiceAction } from './RecordInvoiceAction';
import { RejectAction } from './RejectAction';
import { SendAction } from './SendAction';
import { availableActions, type PurchaseOrderAction } from './status';

function EditAction({ order }: OrderActionProps) {
  return (
    <Button
      component={Link}
      to={`/purchase-orders/${order.id}/edit`}
      variant="default"
      leftSection={<IconPencil size={16} />}
    >
      Edit
    </Button>
  );
}

const ACTIONS: Record<PurchaseOrderAction, (props: OrderActionProps) => ReactNode> = {
  edit: EditAction,
  'submit-for-approval': SubmitAction,
  approve: ApproveAction,
  reject: RejectAction,
  send: SendAction,
  acknowledge: AcknowledgeAction,
  receive: ReceiveAction,
  'record-invoice': RecordInvoiceAction,
  complete: CompleteAction,
  cancel: CancelAction,
  delete: DeleteAction,
};

export function OrderActions({ order }: { order: PurchaseOrder }) {
  const user = useCurrentUser();
  const [dialog, setDialog] = useState<{ render: Parameters<OrderActionProps['openDialog']>[0] } | null>(null);
  const close = () => setDialog(null);
  const openDialog: OrderActionProps['openDialog'] = (render) => setDialog({ render });
  return (
    <>
      <Group gap="xs" wrap="wrap">
        {availableActions(order, user.abilities).map((action) => {
          const Action = ACTIONS[action];
          return <Action key={action} order={order} openDialog={openDialog} />;
        })}
        <Button
          component="a"
          href={pdfUrl(order.id)}
          download={`${order.po_number}.pdf`}
          variant="default"
          leftSection={<IconDownload size={16} />}
        >
          Download PDF
        </Button>
      </Group>
      {dialog?.render(order, close)}
    </>
  );
}
