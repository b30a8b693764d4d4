// The seam through which purchase orders reach their supplier by e-mail. With SMTP configured the service is
// built with the mail notifier, which renders the PDF and sends it; otherwise nothing is sent and callers
// learn so (false).
// The order is named by its response schema, not through purchase-order.service.ts, which imports this file.
import type { PurchaseOrderResponse as PurchaseOrderResource, SendBody } from './purchase-order.schemas.js';

export interface SupplierContact {
  id: string;
  name: string;
  email: string;
}

export interface PurchaseOrderNotifier {
  /** Mails the order to its supplier; true when the message was accepted for delivery. Runs after commit. */
  sendOrder(
    tenantId: string,
    order: PurchaseOrderResource,
    supplier: SupplierContact,
    options: SendBody,
  ): Promise<boolean>;
  /** Tells the supplier an order it received was cancelled; true when the message was accepted. Runs after commit. */
  notifyCancellation(tenantId: string, order: PurchaseOrderResource, supplier: SupplierContact): Promise<boolean>;
}

/** The notifier used while no mailer is configured: nothing leaves, and every call says so. */
export const silentNotifier: PurchaseOrderNotifier = {
  sendOrder: async () => false,
  notifyCancellation: async () => false,
};
