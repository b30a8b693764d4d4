// Sample purchase order snapshots shared by the document tests.
import type {
  PurchaseOrderDocument,
  PurchaseOrderDocumentLine,
} from '../../src/modules/purchasing/documents/purchase-order.document.js';

export function sampleLines(count: number): PurchaseOrderDocumentLine[] {
  return Array.from({ length: count }, (_, i) => ({
    product_sku: `SKU-${String(i + 1).padStart(4, '0')}`,
    product_name: `Stainless hex bolt M${(i % 20) + 4} × ${(i % 7) * 10 + 20} mm, box of 100`,
    quantity_ordered: i + 1,
    unit_price: 12.5,
    line_total: (i + 1) * 12.5,
  }));
}

export function sampleOrder(overrides: Partial<PurchaseOrderDocument> = {}): PurchaseOrderDocument {
  const lines = overrides.lines ?? [
    { product_sku: 'BOLT-M8', product_name: 'Hex bolt M8', quantity_ordered: 100, unit_price: 0.35, line_total: 35 },
    { product_sku: 'NUT-M8', product_name: 'Hex nut M8', quantity_ordered: 250, unit_price: 0.12, line_total: 30 },
    {
      product_sku: 'WASH-M8',
      product_name: 'Washer M8',
      quantity_ordered: 1000,
      unit_price: 1.2345,
      line_total: 1234.5,
    },
  ];
  return {
    po_number: 'PO-202611-0007',
    status: 'approved',
    order_date: '2026-11-21',
    expected_delivery_date: '2026-12-05',
    currency: 'EUR',
    company_name: 'Acme Operations',
    company_address: null,
    company_tax_id: null,
    footer: null,
    time_zone: null,
    approved_at: null,
    supplier: {
      name: 'Fastener Supply Co',
      code: 'FSC',
      email: 'orders@fastener.example',
      address: { street: '1 Industrial Way', city: 'Leeds', postal_code: 'LS1 1AA', country: 'GB' },
    },
    warehouse: {
      name: 'Main warehouse',
      code: 'MAIN',
      address: { street: '5 Dock Road', city: 'Hull', country: 'GB' },
    },
    lines,
    subtotal: 1299.5,
    tax_amount: 259.9,
    shipping_cost: 15,
    discount_amount: 10,
    total_amount: 1564.4,
    payment_terms: 'Net 30',
    shipping_method: 'Ground',
    notes: 'Deliver to gate 3 between 8:00 and 16:00.',
    ...overrides,
  };
}
