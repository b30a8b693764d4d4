// The PurchaseOrderNotifier that mails suppliers through SMTP: the order with its PDF, and cancellation notices.
import { MailDeliveryError, type Mailer } from '../../../lib/mailer.js';
import type { ServiceLog } from '../../../lib/service-log.js';
import { purchaseOrderEmail } from '../documents/purchase-order.email.js';
import { formatDate, type PurchaseOrderDocument } from '../documents/purchase-order.document.js';
import type { PurchaseOrderDocuments } from './purchase-order.documents.js';
import type { PurchaseOrderNotifier, SupplierContact } from './purchase-order.notifier.js';
import type { SendBody } from './purchase-order.schemas.js';
import type { PurchaseOrderResource } from './purchase-order.presenter.js';

function cancellationText(document: PurchaseOrderDocument, order: PurchaseOrderResource): string {
  const lines = [
    `Hello ${document.supplier.name},`,
    '',
    `Our purchase order ${document.po_number} of ${formatDate(document.order_date)} is cancelled. Please do not ship the goods still open on it.`,
    ...(order.cancellation_reason ? ['', `Reason: ${order.cancellation_reason}`] : []),
    '',
    'Kind regards,',
    document.company_name,
  ];
  return `${lines.join('\n')}\n`;
}

export interface PurchaseOrderMailNotifierDeps {
  mailer: Mailer;
  documents: PurchaseOrderDocuments;
  /** Where refused deliveries are reported: the order is already committed, so a warning is all that is left. */
  log: ServiceLog;
}

export class PurchaseOrderMailNotifier implements PurchaseOrderNotifier {
  private readonly mailer: Mailer;
  private readonly documents: PurchaseOrderDocuments;
  private readonly log: ServiceLog;

  constructor(deps: PurchaseOrderMailNotifierDeps) {
    this.mailer = deps.mailer;
    this.documents = deps.documents;
    this.log = deps.log;
  }

  /**
   * Mails the order to `supplier.email` with cc, the caller's message and (unless attach_pdf is false) the PDF.
   * Resolves false when the mailer is off, or with a warning when the server refuses the message or the
   * e-mail cannot be built: the order is committed by now, so nothing here may fail the request.
   */
  async sendOrder(
    tenantId: string,
    order: PurchaseOrderResource,
    supplier: SupplierContact,
    options: SendBody,
  ): Promise<boolean> {
    if (!this.mailer.enabled) return false;
    return this.deliver(async () => {
      const document = await this.documentFor(tenantId, order, supplier);
      const message = await purchaseOrderEmail(document, {
        message: options.email_message ?? null,
        cc_emails: options.cc_emails ?? null,
        attach_pdf: options.attach_pdf ?? true,
      });
      await this.mailer.send(message);
    }, order);
  }

  /** Mails a cancellation notice for an order the supplier had; false when it could not be delivered. */
  async notifyCancellation(
    tenantId: string,
    order: PurchaseOrderResource,
    supplier: SupplierContact,
  ): Promise<boolean> {
    if (!this.mailer.enabled) return false;
    return this.deliver(async () => {
      const document = await this.documentFor(tenantId, order, supplier);
      await this.mailer.send({
        to: supplier.email,
        subject: `Cancelled: purchase order ${order.po_number}`,
        text: cancellationText(document, order),
      });
    }, order);
  }

  /** The address the order was sent to wins over the supplier's current one: it is the one that holds the order. */
  private async documentFor(
    tenantId: string,
    order: PurchaseOrderResource,
    supplier: SupplierContact,
  ): Promise<PurchaseOrderDocument> {
    const document = await this.documents.fromOrder(tenantId, order);
    return {
      ...document,
      supplier: { ...document.supplier, name: document.supplier.name || supplier.name, email: supplier.email },
    };
  }

  private async deliver(send: () => Promise<void>, order: PurchaseOrderResource): Promise<boolean> {
    try {
      await send();
      return true;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const message =
        error instanceof MailDeliveryError
          ? 'Purchase order e-mail was not delivered'
          : 'Purchase order e-mail could not be prepared';
      this.log.warn({ purchase_order_id: order.id, po_number: order.po_number, error: reason }, message);
      return false;
    }
  }
}
