// The e-mail that sends a purchase order to its supplier, with the order's PDF attached.
import type { MailMessage } from '../../../lib/mailer.js';
import { addressLines, formatDate, formatMoney, type PurchaseOrderDocument } from './purchase-order.document.js';
import { renderPurchaseOrderPdf } from './purchase-order.pdf.js';

export interface PurchaseOrderEmailOptions {
  /** Free text placed above the standard body (the send request's `email_message`). */
  message?: string | null;
  /** Extra recipients; duplicates and the supplier's own address are dropped. */
  cc_emails?: readonly string[] | null;
  /** Attach `<po_number>.pdf` (default true). */
  attach_pdf?: boolean;
  /** An already rendered PDF of the order, to skip rendering it again. */
  pdf?: Buffer;
}

/** The order's file name; characters unsafe in file names are replaced. */
export function purchaseOrderFileName(order: Pick<PurchaseOrderDocument, 'po_number'>): string {
  return `${order.po_number.replace(/[^A-Za-z0-9._-]/g, '_')}.pdf`;
}

function ccList(to: string, cc: readonly string[] | null | undefined): string[] {
  const seen = new Set([to.trim().toLowerCase()]);
  const list: string[] = [];
  for (const raw of cc ?? []) {
    const address = raw.trim();
    const key = address.toLowerCase();
    if (address === '' || seen.has(key)) continue;
    seen.add(key);
    list.push(address);
  }
  return list;
}

function body(order: PurchaseOrderDocument, message: string | null | undefined, attached: boolean): string {
  const delivery = formatDate(order.expected_delivery_date, order.time_zone);
  const lines = [
    `Hello ${order.supplier.name},`,
    '',
    ...(message?.trim() ? [message.trim(), ''] : []),
    attached
      ? `Please find attached our purchase order ${order.po_number} of ${formatDate(order.order_date, order.time_zone)}.`
      : `This is our purchase order ${order.po_number} of ${formatDate(order.order_date, order.time_zone)}.`,
    '',
    `Order number: ${order.po_number}`,
    `Lines: ${order.lines.length}`,
    `Total: ${formatMoney(order.total_amount, order.currency)}`,
    ...(delivery ? [`Expected delivery: ${delivery}`] : []),
    `Deliver to: ${order.warehouse.name}`,
    ...(order.payment_terms ? [`Payment terms: ${order.payment_terms}`] : []),
    '',
    'Please confirm the order and its delivery date by replying to this e-mail.',
    '',
    'Kind regards,',
    order.company_name,
    ...addressLines(order.company_address),
    ...(order.company_tax_id ? [`Tax ID: ${order.company_tax_id}`] : []),
    ...(order.footer?.trim() ? ['', '--', order.footer.trim()] : []),
  ];
  return `${lines.join('\n')}\n`;
}

/**
 * Builds the message that sends `order` to its supplier: to the supplier's e-mail, cc as given (deduplicated),
 * subject `Purchase order <po_number>`, a plain-text body and, unless `attach_pdf` is false, `<po_number>.pdf`.
 * Renders the PDF when `pdf` is not passed.
 */
export async function purchaseOrderEmail(
  order: PurchaseOrderDocument,
  options: PurchaseOrderEmailOptions = {},
): Promise<MailMessage> {
  const attach = options.attach_pdf ?? true;
  const to = order.supplier.email.trim();
  const message: MailMessage = {
    to,
    cc: ccList(to, options.cc_emails),
    subject: `Purchase order ${order.po_number}`,
    text: body(order, options.message, attach),
  };
  if (attach) {
    const content = options.pdf ?? (await renderPurchaseOrderPdf(order));
    message.attachments = [{ filename: purchaseOrderFileName(order), content, contentType: 'application/pdf' }];
  }
  return message;
}
