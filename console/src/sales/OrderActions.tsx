// The steps an order allows now (the API's allowed_actions) that the user's abilities permit, in the API's order:
// plain commands at once (asking first where a step cannot be undone), the others through their dialog, one at a
// time under the buttons. Each tells what happened and reads the area again; a refusal is told and the order
// read again too.
import { Button, Group } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { api, unwrap } from '../api/client';
import { useCurrentUser } from '../auth/session';
import { confirm, notifyFailure, notifySuccess } from '../lib/feedback';
import { runOrderCommand, useRefreshSales, type OrderCommand, type SalesOrder } from './api';
import { ReasonDialog, type ReasonDialogSpec } from './ReasonDialog';
import { ReturnDialog } from '../shipments/ReturnDialog';
import { ShipmentDialog } from './ShipmentDialog';
import { acceptsReturns, availableActions, type SalesOrderAction } from './status';

interface ActionProps {
  order: SalesOrder;
  open: (dialog: (close: () => void) => ReactNode) => void;
}

/** Sends a command without inputs, asking first when `ask` is given. */
function useCommand(order: SalesOrder) {
  const refresh = useRefreshSales();
  const [busy, setBusy] = useState<string | null>(null);
  const run = async (
    name: string,
    call: () => Promise<unknown>,
    success: string,
    ask?: Parameters<typeof confirm>[0],
    /** After a deletion: leaves the page of the record that is gone, which is then not read again. */
    leave?: () => void,
  ): Promise<boolean> => {
    if (ask && !(await confirm(ask))) return false;
    setBusy(name);
    try {
      await call();
      notifySuccess(success);
      await refresh({ now: !leave });
      leave?.();
      return true;
    } catch (error) {
      notifyFailure(error, `Could not ${name} ${order.order_number}`);
      await refresh();
      return false;
    } finally {
      setBusy(null);
    }
  };
  return { busy, run };
}

function CommandButton({
  order,
  command,
  label,
  done,
  color,
}: {
  order: SalesOrder;
  command: OrderCommand;
  label: string;
  done: string;
  color?: string;
}) {
  const { busy, run } = useCommand(order);
  return (
    <Button
      color={color}
      loading={busy !== null}
      onClick={() =>
        void run(label.toLowerCase(), () => runOrderCommand(order.id, command), `${order.order_number} ${done}.`)
      }
    >
      {label}
    </Button>
  );
}

function DialogButton({
  open,
  spec,
  children,
  color,
  variant,
}: {
  open: ActionProps['open'];
  spec: ReasonDialogSpec;
  children: ReactNode;
  color?: string;
  variant?: string;
}) {
  return (
    <Button
      color={color}
      variant={variant}
      onClick={() => open((close) => <ReasonDialog spec={spec} onClose={close} />)}
    >
      {children}
    </Button>
  );
}

const reasonStep = (
  order: SalesOrder,
  command: OrderCommand,
  spec: Omit<ReasonDialogSpec, 'send'> & { done: string },
): ReasonDialogSpec => ({
  ...spec,
  send: async (text) => {
    await runOrderCommand(order.id, command, text === undefined ? {} : { [spec.field]: text });
    return `${order.order_number} ${spec.done}.`;
  },
});

const ACTIONS: Record<SalesOrderAction, ((props: ActionProps) => ReactNode) | null> = {
  edit: ({ order }) => (
    <Button
      component={Link}
      to={`/sales/orders/${order.id}/edit`}
      variant="default"
      leftSection={<IconPencil size={16} />}
    >
      Edit
    </Button>
  ),
  // Lines are edited on the same form as the header.
  'edit-lines': null,
  confirm: ({ order }) => (
    <CommandButton order={order} command="confirm" label="Confirm" done="confirmed and allocated" />
  ),
  'submit-for-approval': ({ order }) => (
    <CommandButton
      order={order}
      command="submit-for-approval"
      label="Submit for approval"
      done="submitted for approval"
    />
  ),
  approve: ({ order, open }) => (
    <DialogButton
      open={open}
      color="green"
      spec={reasonStep(order, 'approve', {
        title: `Approve ${order.order_number}?`,
        message: 'The order is confirmed and its lines allocated.',
        field: 'notes',
        label: 'Notes',
        submitLabel: 'Approve',
        done: 'approved',
      })}
    >
      Approve
    </DialogButton>
  ),
  reject: ({ order, open }) => (
    <DialogButton
      open={open}
      color="red"
      variant="light"
      spec={reasonStep(order, 'reject', {
        title: `Reject ${order.order_number}?`,
        message: 'The order goes back to draft, to be changed and submitted again.',
        field: 'reason',
        label: 'Reason',
        required: true,
        submitLabel: 'Reject',
        danger: true,
        done: 'rejected',
      })}
    >
      Reject
    </DialogButton>
  ),
  allocate: ({ order }) =>
    order.lines?.some((line) => line.quantity_backordered > 0) ? (
      <CommandButton order={order} command="allocate" label="Allocate backorders" done="allocated" />
    ) : null,
  ship: ({ order, open }) => (
    <Button onClick={() => open((close) => <ShipmentDialog order={order} onClose={close} />)}>Create shipment</Button>
  ),
  complete: CompleteButton,
  hold: ({ order, open }) => (
    <DialogButton
      open={open}
      variant="default"
      spec={reasonStep(order, 'hold', {
        title: `Put ${order.order_number} on hold?`,
        message: 'Its reserved stock stays reserved; nothing ships until the hold is released.',
        field: 'reason',
        label: 'Reason',
        submitLabel: 'Put on hold',
        done: 'put on hold',
      })}
    >
      Put on hold
    </DialogButton>
  ),
  'release-hold': ({ order }) => (
    <CommandButton order={order} command="release-hold" label="Release hold" done="released from hold" />
  ),
  close: ({ order, open }) => (
    <DialogButton
      open={open}
      color="red"
      variant="light"
      spec={reasonStep(order, 'close', {
        title: `Close ${order.order_number}?`,
        message: 'What has not shipped is cut from its lines and its reserved stock released. This cannot be undone.',
        field: 'reason',
        label: 'Reason',
        submitLabel: 'Close order',
        danger: true,
        done: 'closed',
      })}
    >
      Close order
    </DialogButton>
  ),
  cancel: ({ order, open }) => (
    <DialogButton
      open={open}
      color="red"
      variant="light"
      spec={reasonStep(order, 'cancel', {
        title: `Cancel ${order.order_number}?`,
        message: 'Its reserved stock is released and its shipments that have not left are cancelled.',
        field: 'reason',
        label: 'Reason',
        required: true,
        submitLabel: 'Cancel order',
        danger: true,
        done: 'cancelled',
      })}
    >
      Cancel order
    </DialogButton>
  ),
  delete: DeleteButton,
};

function CompleteButton({ order }: ActionProps) {
  const { busy, run } = useCommand(order);
  return (
    <Button
      color="green"
      loading={busy !== null}
      onClick={() =>
        void run('complete', () => runOrderCommand(order.id, 'complete'), `${order.order_number} completed.`, {
          title: `Complete ${order.order_number}?`,
          message: 'A completed order is done for good; returns can still be recorded on it.',
          confirmLabel: 'Complete',
        })
      }
    >
      Complete
    </Button>
  );
}

function DeleteButton({ order }: ActionProps) {
  const navigate = useNavigate();
  const { busy, run } = useCommand(order);
  return (
    <Button
      color="red"
      variant="subtle"
      leftSection={<IconTrash size={16} />}
      loading={busy !== null}
      onClick={() =>
        void run(
          'delete',
          () => unwrap(api.DELETE('/api/v1/sales/orders/{id}', { params: { path: { id: order.id } } })),
          `${order.order_number} deleted.`,
          {
            title: `Delete ${order.order_number}?`,
            message: 'The draft and its lines are removed.',
            confirmLabel: 'Delete draft',
            danger: true,
          },
          () => void navigate('/sales/orders'),
        )
      }
    >
      Delete draft
    </Button>
  );
}

export function OrderActions({ order }: { order: SalesOrder }) {
  const user = useCurrentUser();
  const refresh = useRefreshSales();
  const [dialog, setDialog] = useState<((close: () => void) => ReactNode) | null>(null);
  const close = () => setDialog(null);
  const open: ActionProps['open'] = (render) => setDialog(() => render);
  const actions = availableActions(order, user.abilities);
  const returns = acceptsReturns(order) && user.abilities.includes('sales:edit-orders');
  if (actions.length === 0 && !returns) return null;
  return (
    <>
      <Group gap="xs" wrap="wrap" aria-label="Order actions" role="group">
        {actions.map((action) => {
          const Action = ACTIONS[action];
          return Action && <Action key={action} order={order} open={open} />;
        })}
        {returns && (
          <Button
            variant="default"
            onClick={() =>
              open((closeIt) => (
                <ReturnDialog
                  orderId={order.id}
                  orderNumber={order.order_number}
                  onClose={closeIt}
                  onRecorded={() => void refresh()}
                />
              ))
            }
          >
            Record return
          </Button>
        )}
      </Group>
      {dialog?.(close)}
    </>
  );
}
