// What can be done with the ticked purchase orders at once: send them to their suppliers or cancel them, each
// through its own endpoint (the state machine refuses an order whose status does not allow it, at its row), and a
// CSV of them. Only the actions the role may do are offered.
import { Button, Checkbox, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { api, unwrap } from '../api/client';
import { useCan, useCurrentUser } from '../auth/session';
import { BulkBar } from '../components/BulkBar';
import { BulkResultDialog } from '../components/BulkResultDialog';
import { ExportButton } from '../components/ExportButton';
import { FormDialog } from '../components/FormDialog';
import { forEachRow, type EachRowOutcome } from '../lib/each-row';
import { notifyFailure, notifySuccess } from '../lib/feedback';
import type { RowSelection } from '../lib/useRowSelection';
import { useRefreshPurchasing, type PurchaseOrder } from './api';
import { ORDER_COLUMNS } from './order-columns';
import { ACTION_ABILITIES } from './status';

type BulkAction = 'send' | 'cancel';
const NAMES: Record<BulkAction, { verb: string; done: string }> = {
  send: { verb: 'Send', done: 'sent' },
  cancel: { verb: 'Cancel', done: 'cancelled' },
};

interface Props {
  selection: RowSelection<PurchaseOrder>;
}

export function OrderBulkBar({ selection }: Props) {
  const can = useCan();
  const refresh = useRefreshPurchasing();
  const [dialog, setDialog] = useState<BulkAction | null>(null);
  const [result, setResult] = useState<{ action: BulkAction; outcome: EachRowOutcome } | null>(null);
  const byId = new Map(selection.rows.map((order) => [order.id, order]));

  const run = async (action: BulkAction, act: (id: string) => Promise<unknown>) => {
    const outcome = await forEachRow(selection.ids, act);
    selection.keepOnly(outcome.refused.map((row) => row.id));
    await refresh();
    const summary = `${outcome.done.length} ${NAMES[action].done}${outcome.refused.length > 0 ? `, ${outcome.refused.length} refused` : ''}.`;
    if (outcome.refused.length === 0) notifySuccess(summary, `${NAMES[action].verb} orders`);
    else {
      notifyFailure(new Error(summary), `${NAMES[action].verb} orders: some were refused`);
      setResult({ action, outcome });
    }
  };

  return (
    <>
      <BulkBar count={selection.ids.length} onClear={selection.clear}>
        {can(ACTION_ABILITIES.send) && (
          <Button size="xs" variant="default" onClick={() => setDialog('send')}>
            Send…
          </Button>
        )}
        {can(ACTION_ABILITIES.cancel) && (
          <Button size="xs" variant="default" color="red" onClick={() => setDialog('cancel')}>
            Cancel orders…
          </Button>
        )}
        <ExportButton
          name="purchase-orders-selected"
          label="Export selected"
          size="xs"
          columns={ORDER_COLUMNS}
          rows={selection.rows}
        />
      </BulkBar>
      {dialog === 'send' && <SendDialog count={selection.ids.length} run={run} onClose={() => setDialog(null)} />}
      {dialog === 'cancel' && <CancelDialog count={selection.ids.length} run={run} onClose={() => setDialog(null)} />}
      {result && (
        <BulkResultDialog
          title={`${NAMES[result.action].verb}: refused orders`}
          columns={['Number', 'Supplier']}
          summary={`${result.outcome.done.length} ${NAMES[result.action].done}, ${result.outcome.refused.length} refused.`}
          rows={result.outcome.refused.map((row) => ({
            ...row,
            cells: [byId.get(row.id)?.po_number ?? row.id, byId.get(row.id)?.supplier?.name ?? '—'],
          }))}
          onClose={() => setResult(null)}
        />
      )}
    </>
  );
}

interface DialogProps {
  count: number;
  run: (action: BulkAction, act: (id: string) => Promise<unknown>) => Promise<void>;
  onClose: () => void;
}

const ordersCount = (count: number) => `${count} ${count === 1 ? 'order' : 'orders'}`;

function SendDialog({ count, run, onClose }: DialogProps) {
  const user = useCurrentUser();
  const [sendEmail, setSendEmail] = useState(user.email_enabled);
  const [sending, setSending] = useState(false);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setSending(true);
    try {
      await run('send', (id) =>
        unwrap(
          api.POST('/api/v1/operations/purchase-orders/{id}/send', {
            params: { path: { id } },
            body: { send_email: sendEmail, attach_pdf: true, email_message: null },
          }),
        ),
      );
      onClose();
    } catch (failure) {
      notifyFailure(failure, 'Sending failed');
    } finally {
      setSending(false);
    }
  };
  return (
    <FormDialog
      title={`Send ${ordersCount(count)}`}
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
      submitLabel="Send"
      submitting={sending}
      formError={null}
    >
      <Text size="sm">
        Each approved order is sent to its supplier; an order in another status is refused at its row.
      </Text>
      <Checkbox
        label="Send by e-mail, with the PDF"
        checked={sendEmail}
        disabled={!user.email_enabled}
        description={
          user.email_enabled
            ? "To each supplier's e-mail address."
            : 'No mail server is configured: the orders are only marked as sent.'
        }
        onChange={(event) => setSendEmail(event.currentTarget.checked)}
      />
    </FormDialog>
  );
}

function CancelDialog({ count, run, onClose }: DialogProps) {
  const form = useForm({
    initialValues: { reason: '', notify_supplier: true },
    validate: { reason: (value) => (value.trim() === '' ? 'Say why the orders are cancelled.' : null) },
  });
  const [sending, setSending] = useState(false);
  const submit = form.onSubmit(async ({ reason, notify_supplier }) => {
    setSending(true);
    try {
      await run('cancel', (id) =>
        unwrap(
          api.POST('/api/v1/operations/purchase-orders/{id}/cancel', {
            params: { path: { id } },
            body: { reason: reason.trim(), notify_supplier },
          }),
        ),
      );
      onClose();
    } finally {
      setSending(false);
    }
  });
  return (
    <FormDialog
      title={`Cancel ${ordersCount(count)}?`}
      onClose={onClose}
      onSubmit={submit}
      submitLabel="Cancel the orders"
      submitting={sending}
      formError={null}
      danger
    >
      <Text size="sm">An order that can no longer be cancelled is refused at its row; the others are cancelled.</Text>
      <Textarea label="Reason" required autosize minRows={2} data-autofocus {...form.getInputProps('reason')} />
      <Checkbox
        label="Tell suppliers that already hold an order by e-mail"
        {...form.getInputProps('notify_supplier', { type: 'checkbox' })}
      />
    </FormDialog>
  );
}
