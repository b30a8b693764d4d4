// The actions an order's status and the user's abilities allow (availableActions), each asking first where it
// cannot be undone, then telling what happened; the area's data is read again after every one.
import { Button, Group } from '@mantine/core';
import { IconCheck, IconDownload, IconPencil, IconSend, IconTrash, IconTruckDelivery, IconX } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { api, unwrap } from '../api/client';
import { useCurrentUser } from '../auth/session';
import { confirm, notifyFailure, notifySuccess } from '../lib/feedback';
import { pdfUrl, useRefreshPurchasing, type PurchaseOrder } from './api';
import { ActionDialog, type ActionDialogSpec } from './ActionDialog';
import { ReceiveDialog } from './ReceiveDialog';
import { availableActions, isWithSupplier, type PurchaseOrderAction } from './status';

type Open = { kind: 'dialog'; spec: ActionDialogSpec } | { kind: 'receive' } | null;

export function OrderActions({ order }: { order: PurchaseOrder }) {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const refresh = useRefreshPurchasing();
  const [open, setOpen] = useState<Open>(null);
  const [busy, setBusy] = useState<PurchaseOrderAction | null>(null);
  const actions = availableActions(order.status, user.abilities);
  const path = { params: { path: { id: order.id } } };
  const number = order.po_number;

  /** An action without inputs: ask first when it is final, then send it. */
  const run = async (action: PurchaseOrderAction, call: () => Promise<unknown>, success: string, ask?: Parameters<typeof confirm>[0]) => {
    if (ask && !(await confirm(ask))) return;
    setBusy(action);
    try {
      await call();
      notifySuccess(success);
      if (action === 'delete') void navigate('/purchase-orders');
      await refresh();
    } catch (error) {
      notifyFailure(error, `Could not ${action.replace('-', ' ')} ${number}`);
      await refresh();
    } finally {
      setBusy(null);
    }
  };

  const dialog = (spec: ActionDialogSpec) => setOpen({ kind: 'dialog', spec });

  const buttons: Record<PurchaseOrderAction, () => ReactNode> = {
    edit: () => (
      <Button key="edit" component={Link} to={`/purchase-orders/${order.id}/edit`} variant="default" leftSection={<IconPencil size={16} />}>
        Edit
      </Button>
    ),
    submit: () => (
      <Button
        key="submit"
        loading={busy === 'submit'}
        onClick={() =>
          void run('submit', () => unwrap(api.POST('/api/v1/operations/purchase-orders/{id}/submit-for-approval', { ...path, body: {} })), `${number} submitted for approval.`)
        }
      >
        Submit for approval
      </Button>
    ),
    approve: () => (
      <Button
        key="approve"
        color="teal"
        leftSection={<IconCheck size={16} />}
        onClick={() =>
          dialog({
            title: `Approve ${number}`,
            fields: [{ name: 'approval_notes', label: 'Approval notes', kind: 'textarea' }],
            initial: { approval_notes: '' },
            submitLabel: 'Approve',
            send: async (values) => {
              await unwrap(api.POST('/api/v1/operations/purchase-orders/{id}/approve', { ...path, body: { approval_notes: String(values.approval_notes).trim() || null } }));
              return `${number} approved.`;
            },
          })
        }
      >
        Approve
      </Button>
    ),
    reject: () => (
      <Button
        key="reject"
        color="red"
        variant="light"
        leftSection={<IconX size={16} />}
        onClick={() =>
          dialog({
            title: `Reject ${number}`,
            fields: [{ name: 'reason', label: 'Reason', kind: 'textarea', required: true, description: 'The requester sees it.' }],
            initial: { reason: '' },
            submitLabel: 'Reject',
            danger: true,
            send: async (values) => {
              await unwrap(api.POST('/api/v1/operations/purchase-orders/{id}/reject', { ...path, body: { reason: String(values.reason) } }));
              return `${number} rejected.`;
            },
          })
        }
      >
        Reject
      </Button>
    ),
    send: () => (
      <Button
        key="send"
        leftSection={<IconSend size={16} />}
        onClick={() =>
          dialog({
            title: `Send ${number} to ${order.supplier?.name ?? 'the supplier'}`,
            fields: user.email_enabled
              ? [
                  { name: 'send_email', label: 'Send by e-mail', kind: 'checkbox', description: "To the supplier's e-mail address, with the order." },
                  { name: 'attach_pdf', label: 'Attach the PDF', kind: 'checkbox' },
                  { name: 'email_message', label: 'Message', kind: 'textarea' },
                ]
              : [
                  {
                    name: 'send_email',
                    label: 'Send by e-mail',
                    kind: 'checkbox',
                    disabled: true,
                    description: 'No mail server is configured: the order is only marked as sent. Send the PDF to the supplier yourself.',
                  },
                ],
            // The server says whether e-mail can leave at all; without a mail server nothing would be sent.
            initial: { send_email: user.email_enabled, attach_pdf: true, email_message: '' },
            submitLabel: 'Send',
            send: async (values) => {
              const sent = await unwrap(
                api.POST('/api/v1/operations/purchase-orders/{id}/send', {
                  ...path,
                  body: { send_email: Boolean(values.send_email), attach_pdf: Boolean(values.attach_pdf), email_message: String(values.email_message).trim() || null },
                }),
              );
              if (!values.send_email) return `${number} marked as sent.`;
              if (sent.data.email_sent) return `${number} sent; e-mailed to ${sent.data.sent_to}.`;
              // The order is sent either way (the API says so); the user must know the supplier has not heard of it.
              return sent.data.sent_to
                ? `${number} marked as sent, but the e-mail to ${sent.data.sent_to} could not be sent: send the PDF yourself.`
                : `${number} marked as sent; the supplier has no e-mail address, so nothing was e-mailed.`;
            },
          })
        }
      >
        Send to supplier
      </Button>
    ),
    acknowledge: () => (
      <Button
        key="acknowledge"
        variant="light"
        onClick={() =>
          dialog({
            title: `Record ${order.supplier?.name ?? 'the supplier'}'s acknowledgement`,
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
                  ...path,
                  body: {
                    supplier_reference: String(values.supplier_reference).trim() || null,
                    confirmed_delivery_date: String(values.confirmed_delivery_date) || null,
                    notes: String(values.notes).trim() || null,
                  },
                }),
              );
              return `${number} acknowledged by the supplier.`;
            },
          })
        }
      >
        Acknowledge
      </Button>
    ),
    receive: () => (
      <Button key="receive" leftSection={<IconTruckDelivery size={16} />} onClick={() => setOpen({ kind: 'receive' })}>
        Receive goods
      </Button>
    ),
    'record-invoice': () => (
      <Button
        key="record-invoice"
        variant="light"
        onClick={() =>
          dialog({
            title: `Record the invoice for ${number}`,
            fields: [
              { name: 'invoice_number', label: 'Invoice number', kind: 'text', required: true },
              { name: 'invoice_amount', label: `Amount (${order.currency})`, kind: 'number', required: true },
              { name: 'invoice_date', label: 'Invoice date', kind: 'date' },
            ],
            initial: { invoice_number: '', invoice_amount: order.total_amount, invoice_date: '' },
            submitLabel: 'Record invoice',
            send: async (values) => {
              await unwrap(
                api.POST('/api/v1/operations/purchase-orders/{id}/record-invoice', {
                  ...path,
                  body: { invoice_number: String(values.invoice_number), invoice_amount: Number(values.invoice_amount), invoice_date: String(values.invoice_date) || null },
                }),
              );
              return `Invoice recorded for ${number}.`;
            },
          })
        }
      >
        Record invoice
      </Button>
    ),
    complete: () => (
      <Button
        key="complete"
        color="green"
        loading={busy === 'complete'}
        onClick={() =>
          void run('complete', () => unwrap(api.POST('/api/v1/operations/purchase-orders/{id}/complete', path)), `${number} completed.`, {
            title: `Complete ${number}?`,
            message: 'A completed order is closed for good: nothing more can be received or recorded on it.',
            confirmLabel: 'Complete',
          })
        }
      >
        Complete
      </Button>
    ),
    cancel: () => (
      <Button
        key="cancel"
        color="red"
        variant="light"
        onClick={() =>
          dialog({
            title: `Cancel ${number}`,
            fields: [
              { name: 'reason', label: 'Reason', kind: 'textarea', required: true },
              ...(isWithSupplier(order.status) ? [{ name: 'notify_supplier', label: 'Tell the supplier by e-mail', kind: 'checkbox' as const }] : []),
            ],
            initial: { reason: '', notify_supplier: true },
            submitLabel: 'Cancel the order',
            danger: true,
            send: async (values) => {
              await unwrap(
                api.POST('/api/v1/operations/purchase-orders/{id}/cancel', {
                  ...path,
                  body: { reason: String(values.reason), notify_supplier: isWithSupplier(order.status) ? Boolean(values.notify_supplier) : undefined },
                }),
              );
              return `${number} cancelled.`;
            },
          })
        }
      >
        Cancel order
      </Button>
    ),
    delete: () => (
      <Button
        key="delete"
        color="red"
        variant="subtle"
        leftSection={<IconTrash size={16} />}
        loading={busy === 'delete'}
        onClick={() =>
          void run('delete', () => unwrap(api.DELETE('/api/v1/operations/purchase-orders/{id}', path)), `${number} deleted.`, {
            title: `Delete ${number}?`,
            message: 'The draft and its lines are removed.',
            confirmLabel: 'Delete draft',
            danger: true,
          })
        }
      >
        Delete draft
      </Button>
    ),
  };

  return (
    <>
      <Group gap="xs" wrap="wrap">
        {actions.map((action) => buttons[action]())}
        <Button component="a" href={pdfUrl(order.id)} download={`${number}.pdf`} variant="default" leftSection={<IconDownload size={16} />}>
          Download PDF
        </Button>
      </Group>
      {open?.kind === 'dialog' && <ActionDialog spec={open.spec} onClose={() => setOpen(null)} />}
      {open?.kind === 'receive' && <ReceiveDialog order={order} onClose={() => setOpen(null)} />}
    </>
  );
}
