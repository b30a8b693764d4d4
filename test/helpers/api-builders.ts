// Records made through the API as a caller, one builder per entity over request-bodies.ts: each sends the body
// with the test's overrides, checks the 201 and answers the resource, so that a test's set-up is a list of what it
// needs (`const brand = await build.brand({ name: 'Makita' })`) and every record is one the app itself wrote.
import type { FastifyInstance } from 'fastify';
import type { Static } from 'typebox';
import { expect } from 'vitest';
import type { AttributeResponse } from '../../src/modules/catalog/attributes/attribute.schemas.js';
import type { OrderCreateBody, OrderResponse } from '../../src/modules/sales/orders/order.schemas.js';
import type { CustomerResponse } from '../../src/modules/crm/customers/customer.schemas.js';
import type { BrandResponse } from '../../src/modules/catalog/brands/brand.schemas.js';
import type { CategoryResponse } from '../../src/modules/catalog/categories/category.schemas.js';
import type { MasterProductResponse } from '../../src/modules/catalog/master-products/master-product.schemas.js';
import type { ProductResponse } from '../../src/modules/catalog/products/product.schemas.js';
import type { SupplierResponse } from '../../src/modules/catalog/suppliers/supplier.schemas.js';
import type { TagResponse } from '../../src/modules/catalog/tags/tag.schemas.js';
import type { VariantCreateBody } from '../../src/modules/catalog/variants/variant.schemas.js';
import type { WarehouseResponse } from '../../src/modules/inventory/warehouses/warehouse.schemas.js';
import type {
  PurchaseOrderCreateBody,
  PurchaseOrderResponse,
} from '../../src/modules/purchasing/purchase-orders/purchase-order.schemas.js';
import type { UserWithLinkResponse } from '../../src/modules/tenancy/user.schemas.js';
import type { SubscriptionWithSecretResponse } from '../../src/modules/webhooks/subscriptions/subscription.schemas.js';
import {
  attributeBody,
  brandBody,
  customerBody,
  salesOrderBody,
  categoryBody,
  masterProductBody,
  productBody,
  purchaseOrderBody,
  subscriptionBody,
  supplierBody,
  tagBody,
  userBody,
  warehouseBody,
} from './request-bodies.js';

const OPERATIONS = '/api/v1/operations';

type BodyOverrides<Build extends (overrides?: never) => unknown> = Parameters<Build>[0];

/** The builders of the records a caller with `auth` makes (an all-abilities token for most tests). */
export function apiBuilders(app: FastifyInstance, auth: Record<string, string>) {
  async function created<Resource>(url: string, body: object): Promise<Resource> {
    const res = await app.inject({ method: 'POST', url, headers: auth, payload: body });
    expect(res.statusCode, `POST ${url}: ${res.body}`).toBe(201);
    return res.json().data as Resource;
  }

  const supplier = (overrides?: BodyOverrides<typeof supplierBody>) =>
    created<Static<typeof SupplierResponse>>(`${OPERATIONS}/suppliers`, supplierBody(overrides));
  const product = (overrides?: BodyOverrides<typeof productBody>) =>
    created<ProductResponse>(`${OPERATIONS}/products`, productBody(overrides));

  /** A supplier that can take orders: created, then activated. */
  async function activeSupplier(overrides?: BodyOverrides<typeof supplierBody>) {
    const { id } = await supplier(overrides);
    const res = await app.inject({ method: 'POST', url: `${OPERATIONS}/suppliers/${id}/activate`, headers: auth });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Static<typeof SupplierResponse>;
  }

  /** A draft order into `warehouse_id`; an active supplier and a product are made for it unless given. */
  async function purchaseOrder(overrides: Partial<PurchaseOrderCreateBody> & { warehouse_id: string }) {
    const parties = {
      supplier_id: overrides.supplier_id ?? (await activeSupplier()).id,
      warehouse_id: overrides.warehouse_id,
      product_id: overrides.items || overrides.line_items ? undefined : (await product()).id,
    };
    return created<PurchaseOrderResponse>(`${OPERATIONS}/purchase-orders`, purchaseOrderBody(parties, overrides));
  }

  /** A draft sales order; a customer and a product are made for it unless given. */
  async function salesOrder(overrides: Partial<OrderCreateBody> = {}) {
    const parties = {
      customer_id: overrides.customer_id ?? (overrides.customer ? undefined : (await customer()).id),
      product_id: overrides.lines ? undefined : (await product()).id,
    };
    const body = salesOrderBody(parties as { customer_id: string; product_id?: string }, overrides);
    if (overrides.customer) delete (body as Partial<OrderCreateBody>).customer_id;
    return created<OrderResponse>('/api/v1/sales/orders', body);
  }
  const customer = (overrides?: BodyOverrides<typeof customerBody>) =>
    created<CustomerResponse>('/api/v1/crm/customers', customerBody(overrides));

  return {
    brand: (overrides?: BodyOverrides<typeof brandBody>) =>
      created<Static<typeof BrandResponse>>(`${OPERATIONS}/brands`, brandBody(overrides)),
    category: (overrides?: BodyOverrides<typeof categoryBody>) =>
      created<CategoryResponse>(`${OPERATIONS}/product-categories`, categoryBody(overrides)),
    tag: (overrides?: BodyOverrides<typeof tagBody>) =>
      created<Static<typeof TagResponse>>(`${OPERATIONS}/tags`, tagBody(overrides)),
    supplier,
    activeSupplier,
    warehouse: (overrides?: BodyOverrides<typeof warehouseBody>) =>
      created<Static<typeof WarehouseResponse>>(`${OPERATIONS}/warehouses`, warehouseBody(overrides)),
    attribute: (overrides?: BodyOverrides<typeof attributeBody>) =>
      created<Static<typeof AttributeResponse>>(`${OPERATIONS}/attributes`, attributeBody(overrides)),
    product,
    masterProduct: (overrides?: BodyOverrides<typeof masterProductBody>) =>
      created<MasterProductResponse>(`${OPERATIONS}/master-products`, masterProductBody(overrides)),
    /** A variant of a master with a configuration: `selection` gives each configured attribute a value. */
    variant: (masterId: string, body: VariantCreateBody) =>
      created<ProductResponse>(`${OPERATIONS}/master-products/${masterId}/variants`, body),
    purchaseOrder,
    customer,
    salesOrder,
    /** An invited user, with the link that sets their password. */
    user: (overrides?: BodyOverrides<typeof userBody>) =>
      created<Static<typeof UserWithLinkResponse>>('/api/v1/users', userBody(overrides)),
    /**
     * A webhook subscription (a token of type application or integration makes it), with its secret. The default
     * address resolves only in an app built with `webhookResolver: publicAddress` (test-app.ts).
     */
    subscription: (overrides?: BodyOverrides<typeof subscriptionBody>) =>
      created<Static<typeof SubscriptionWithSecretResponse>>(
        '/api/v1/webhooks/subscriptions',
        subscriptionBody(overrides),
      ),
  };
}

export type ApiBuilders = ReturnType<typeof apiBuilders>;
/** What the builder of `entity` takes: `(overrides?: BuilderOverrides<'brand'>) => …`. */
export type BuilderOverrides<Entity extends keyof ApiBuilders> = Parameters<ApiBuilders[Entity]>[0];
