// The order actions without inputs: submit, complete and delete, each asking first where it cannot be undone,
// then telling what happened; the area's data is read again after each, refused or not.
import { Button } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { api, unwrap } from '../api/client';
import { confirm, notifyFailure, notifySuccess } from '../lib/feedback';
import { useRefreshPurchasing, type PurchaseOrder } from './api';
import { orderPath } from './order-action';

/** Sends one action: asks first when `ask` is given, then announces the outcome and reads the area again. */
function useOrderCommand(order: PurchaseOrder, verb: string, afterSuccess?: () => void) {
  const refresh = useRefreshPurchasing();
  const [busy, setBusy] = useState(false);
  const run = async (call: () => Promise<unknown>, success: string, ask?: Parameters<typeof confirm>[0]) => {
    if (ask && !(await confirm(ask))) return;
    setBusy(true);
    try {
      await call();
      notifySuccess(success);
      afterSuccess?.();
      await refresh();
    } catch (error) {
      notifyFailure(error, `Could not ${verb} ${order.po_number}`);
      await refresh();
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}

export function SubmitAction({ order }: { order: PurchaseOrder }) {
  const { busy, run } = useOrderCommand(order, 'submit');
  return (
    <Button
      loading={busy}
      onClick={() =>
        void run(
          () =>
            unwrap(
              api.POST('/api/v1/operations/purchase-orders/{id}/submit-for-approval', {
                ...orderPath(order),
                body: {},
              }),
            ),
          `${order.po_number} submitted for approval.`,
        )
      }
    >
      Submit for approval
    </Button>
  );
}

export function CompleteAction({ order }: { order: PurchaseOrder }) {
  const { busy, run } = useOrderCommand(order, 'complete');
  return (
    <Button
      color="green"
      loading={busy}
      onClick={() =>
        void run(
          () => unwrap(api.POST('/api/v1/operations/purchase-orders/{id}/complete', orderPath(order))),
          `${order.po_number} completed.`,
          {
            title: `Complete ${order.po_number}?`,
            message: 'A completed order is closed for good: nothing more can be received or recorded on it.',
            confirmLabel: 'Complete',
          },
        )
      }
    >
      Complete
    </Button>
  );
}

export function DeleteAction({ order }: { order: PurchaseOrder }) {
  const navigate = useNavigate();
  const { busy, run } = useOrderCommand(order, 'delete', () => void navigate('/purchase-orders'));
  return (
    <Button
      color="red"
      variant="subtle"
      leftSection={<IconTrash size={16} />}
      loading={busy}
      onClick={() =>
        void run(
          () => unwrap(api.DELETE('/api/v1/operations/purchase-orders/{id}', orderPath(order))),
          `${order.po_number} deleted.`,
          {
            title: `Delete ${order.po_number}?`,
            message: 'The draft and its lines are removed.',
            confirmLabel: 'Delete draft',
            danger: true,
          },
        )
      }
    >
      Delete draft
    </Button>
  );
}
