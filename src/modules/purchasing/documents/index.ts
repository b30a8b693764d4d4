// Public face of the purchase order documents: the snapshot type, the PDF and the supplier e-mail.
export type { DocumentAddress, PurchaseOrderDocument, PurchaseOrderDocumentLine } from './purchase-order.document.js';
export { formatMoney } from './purchase-order.document.js';
export { renderPurchaseOrderPdf } from './purchase-order.pdf.js';
export { purchaseOrderEmail, purchaseOrderFileName, type PurchaseOrderEmailOptions } from './purchase-order.email.js';
