// Turns a purchase order into its printable snapshot (PurchaseOrderDocument) and PDF, for download and e-mail.
import { NotFoundError } from '../../../core/errors.js';
import type { Supplier } from '../../catalog/suppliers/supplier.repository.js';
import type { SupplierService } from '../../catalog/suppliers/supplier.service.js';
import type { Tenant, Warehouse } from '../../../db/schema.js';
import type { Executor } from '../../../db/transaction.js';
import type { WarehouseService } from '../../inventory/warehouses/warehouse.service.js';
import type { TenantService } from '../../tenancy/tenant.service.js';
import { renderPurchaseOrderPdf } from '../documents/purchase-order.pdf.js';
import type { DocumentAddress, PurchaseOrderDocument } from '../documents/purchase-order.document.js';
import { purchaseOrderFileName } from '../documents/purchase-order.email.js';
import type { PurchaseOrderResource } from './purchase-order.presenter.js';
import type { PurchaseOrderService } from './purchase-order.service.js';

/** The parties printed on the document; null when the row is gone (deleted since the order was made). */
export interface DocumentParties {
  supplier: Pick<Supplier, 'name' | 'code' | 'email' | 'address'> | null;
  warehouse: Pick<Warehouse, 'name' | 'code' | 'address'> | null;
  /** The ordering tenant: its name, address, tax id, footer and time zone; null when it is gone. */
  company: Pick<
    Tenant,
    | 'name'
    | 'address_line1'
    | 'address_line2'
    | 'city'
    | 'region'
    | 'postal_code'
    | 'country'
    | 'tax_id'
    | 'purchase_order_footer'
    | 'time_zone'
  > | null;
}

function companyAddress(company: DocumentParties['company']): DocumentAddress | null {
  if (!company) return null;
  const address = {
    street: company.address_line1,
    street2: company.address_line2,
    city: company.city,
    state: company.region,
    postal_code: company.postal_code,
    country: company.country,
  };
  return Object.values(address).some((part) => part !== null) ? address : null;
}

/**
 * The snapshot of `order` as printed and mailed. Lines and amounts come from the order (its own snapshots of
 * product name and SKU); a party that no longer exists prints with the name stored on the order and no address.
 */
export function toPurchaseOrderDocument(order: PurchaseOrderResource, parties: DocumentParties): PurchaseOrderDocument {
  const { supplier, warehouse, company } = parties;
  return {
    po_number: order.po_number,
    status: order.status,
    order_date: order.order_date,
    expected_delivery_date: order.expected_delivery_date,
    currency: order.currency,
    company_name: company?.name ?? '',
    company_address: companyAddress(company),
    company_tax_id: company?.tax_id ?? null,
    footer: company?.purchase_order_footer ?? null,
    time_zone: company?.time_zone ?? null,
    approved_at: order.approved_at,
    supplier: {
      name: supplier?.name ?? order.supplier?.name ?? 'Unknown supplier',
      code: supplier?.code ?? null,
      email: supplier?.email ?? order.sent_to ?? '',
      address: supplier?.address ?? null,
    },
    warehouse: {
      name: warehouse?.name ?? order.warehouse?.name ?? 'Unknown warehouse',
      code: warehouse?.code ?? null,
      address: warehouse?.address ?? null,
    },
    lines: (order.items ?? []).map((item) => ({
      product_sku: item.product_sku ?? '',
      product_name: item.product_name,
      quantity_ordered: item.quantity_ordered,
      unit_price: item.unit_price,
      line_total: item.line_total,
    })),
    subtotal: order.subtotal,
    tax_amount: order.tax_amount,
    shipping_cost: order.shipping_cost,
    discount_amount: order.discount_amount,
    total_amount: order.total_amount,
    payment_terms: order.payment_terms,
    shipping_method: order.shipping_method,
    // Internal notes stay in the house; only the notes meant for the supplier are printed.
    notes: order.notes,
  };
}

export interface PurchaseOrderDocumentsDeps {
  db: Executor;
  orders: Pick<PurchaseOrderService, 'get'>;
  suppliers: SupplierService;
  warehouses: WarehouseService;
  /** The tenant is the company printed on the document: name, address, tax id, footer, time zone. */
  tenants: Pick<TenantService, 'profileOf'>;
}

function missingAsNull<T>(promise: Promise<T>): Promise<T | null> {
  return promise.catch((error: unknown) => {
    if (error instanceof NotFoundError) return null;
    throw error;
  });
}

export class PurchaseOrderDocuments {
  constructor(private readonly deps: PurchaseOrderDocumentsDeps) {}

  /** The document of an order already loaded (with its items), looking up supplier, warehouse and tenant. */
  async fromOrder(tenantId: string, order: PurchaseOrderResource): Promise<PurchaseOrderDocument> {
    const { db } = this.deps;
    const [supplier, warehouse, company] = await Promise.all([
      missingAsNull(this.deps.suppliers.get(tenantId, order.supplier_id, db)),
      missingAsNull(this.deps.warehouses.get(tenantId, order.warehouse_id, db)),
      this.deps.tenants.profileOf(tenantId, db),
    ]);
    return toPurchaseOrderDocument(order, { supplier, warehouse, company: company ?? null });
  }

  /** The order's PDF and its file name (`<po_number>.pdf`). @throws NotFoundError('Purchase order'), also for another tenant's. */
  async pdf(tenantId: string, id: string): Promise<{ fileName: string; content: Buffer }> {
    const order = await this.deps.orders.get(tenantId, id);
    const document = await this.fromOrder(tenantId, order);
    return { fileName: purchaseOrderFileName(document), content: await renderPurchaseOrderPdf(document) };
  }
}
