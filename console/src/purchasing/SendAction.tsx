// Send an approved order to its supplier: by e-mail where the server can send one, else only marked as sent.
import { IconSend } from '@tabler/icons-react';
import { api, unwrap } from '../api/client';
import { useCurrentUser } from '../auth/session';
import { ActionDialogButton } from './ActionDialog';
import { orderPath, type OrderActionProps } from './order-action';

export function SendAction({ order, openDialog }: OrderActionProps) {
  const user = useCurrentUser();
  const number = order.po_number;
  return (
    <ActionDialogButton
      leftSection={<IconSend size={16} />}
      openDialog={openDialog}
      spec={(current) => ({
        title: `Send ${number} to ${current.supplier?.name ?? 'the supplier'}`,
        fields: user.email_enabled
          ? [
              {
                name: 'send_email',
                label: 'Send by e-mail',
                kind: 'checkbox',
                description: "To the supplier's e-mail address, with the order.",
              },
              { name: 'attach_pdf', label: 'Attach the PDF', kind: 'checkbox' },
              { name: 'email_message', label: 'Message', kind: 'textarea' },
            ]
          : [
              {
                name: 'send_email',
                label: 'Send by e-mail',
                kind: 'checkbox',
                disabled: true,
                description:
                  'No mail server is configured: the order is only marked as sent. Send the PDF to the supplier yourself.',
              },
            ],
        // The server says whether e-mail can leave at all; without a mail server nothing would be sent.
        initial: { send_email: user.email_enabled, attach_pdf: true, email_message: '' },
        submitLabel: 'Send',
        send: async (values) => {
          const sent = await unwrap(
            api.POST('/api/v1/operations/purchase-orders/{id}/send', {
              ...orderPath(current),
              body: {
                send_email: Boolean(values.send_email),
                attach_pdf: Boolean(values.attach_pdf),
                email_message: String(values.email_message).trim() || null,
              },
            }),
          );
          if (!values.send_email) return `${number} marked as sent.`;
          if (sent.data.email_sent) return `${number} sent; e-mailed to ${sent.data.sent_to}.`;
          // The order is sent either way (the API says so); the user must know the supplier has not heard of it.
          return sent.data.sent_to
            ? `${number} marked as sent, but the e-mail to ${sent.data.sent_to} could not be sent: send the PDF yourself.`
            : `${number} marked as sent; the supplier has no e-mail address, so nothing was e-mailed.`;
        },
      })}
    >
      Send to supplier
    </ActionDialogButton>
  );
}
