// One builder per entity of the body that creates it through the API: defaults that make a valid, unique record,
// with the test's overrides on top, typed by the route's own schema. A test then names only the fields it is
// about. api-builders.ts sends them; factories.ts makes records through the services instead.
import type { Static } from 'typebox';
import type { TokenCreateBody } from '../../src/modules/auth/tokens/token.schemas.js';
import type { AttributeCreateBody } from '../../src/modules/catalog/attributes/attribute.schemas.js';
import type { BrandCreateBody } from '../../src/modules/catalog/brands/brand.schemas.js';
import type { CategoryCreateBody } from '../../src/modules/catalog/categories/category.schemas.js';
import type { MasterProductCreateBody } from '../../src/modules/catalog/master-products/master-product.schemas.js';
import type { ProductCreateBody } from '../../src/modules/catalog/products/product.schemas.js';
import type { SupplierCreateBody } from '../../src/modules/catalog/suppliers/supplier.schemas.js';
import type { TagCreateBody } from '../../src/modules/catalog/tags/tag.schemas.js';
import type { OrderCreateBody } from '../../src/modules/sales/orders/order.schemas.js';
import type { CustomerCreateBody } from '../../src/modules/crm/customers/customer.schemas.js';
import type { WarehouseCreateBody } from '../../src/modules/inventory/warehouses/warehouse.schemas.js';
import type { PurchaseOrderCreateBody } from '../../src/modules/purchasing/purchase-orders/purchase-order.schemas.js';
import type { UserCreateBody } from '../../src/modules/tenancy/user.schemas.js';
import type { SubscriptionCreateBody } from '../../src/modules/webhooks/subscriptions/subscription.schemas.js';

let sequence = 0;
/** Letters and digits no other body of this process has had: names, codes and slugs must be unique per tenant. */
export function uniqueSuffix(): string {
  return `${Date.now().toString(36)}${(sequence++).toString(36)}`;
}

export function brandBody(overrides: Partial<BrandCreateBody> = {}): BrandCreateBody {
  return { name: `Brand ${uniqueSuffix()}`, ...overrides };
}

export function categoryBody(overrides: Partial<CategoryCreateBody> = {}): CategoryCreateBody {
  return { name: `Category ${uniqueSuffix()}`, ...overrides };
}

export function tagBody(overrides: Partial<TagCreateBody> = {}): TagCreateBody {
  return { name: `Tag ${uniqueSuffix()}`, ...overrides };
}

/** A supplier starts `inactive`: api-builders' `activeSupplier` makes one that can take orders. */
export function supplierBody(overrides: Partial<SupplierCreateBody> = {}): SupplierCreateBody {
  const suffix = uniqueSuffix();
  return { name: `Supplier ${suffix}`, code: `SUP-${suffix}`, email: 'orders@supplier.test', ...overrides };
}

export function warehouseBody(overrides: Partial<WarehouseCreateBody> = {}): WarehouseCreateBody {
  const suffix = uniqueSuffix();
  return { name: `Warehouse ${suffix}`, code: `WH-${suffix}`, type: 'distribution', ...overrides };
}

/** A text attribute definition; `code` is immutable, so a test that reads it back sets its own. */
export function attributeBody(overrides: Partial<AttributeCreateBody> = {}): AttributeCreateBody {
  const code = overrides.code ?? `attribute_${uniqueSuffix()}`;
  return { code, name: code, label: code, type: 'text', ...overrides };
}

export function productBody(overrides: Partial<ProductCreateBody> = {}): ProductCreateBody {
  return { name: `Product ${uniqueSuffix()}`, ...overrides };
}

export function customerBody(overrides: Partial<CustomerCreateBody> = {}): CustomerCreateBody {
  const suffix = uniqueSuffix();
  return { name: `Customer ${suffix}`, external_id: `CUST-${suffix}`, ...overrides };
}

export function masterProductBody(overrides: Partial<MasterProductCreateBody> = {}): MasterProductCreateBody {
  return { name: `Master ${uniqueSuffix()}`, ...overrides };
}

/** What an order is placed with: an orderable supplier, the receiving warehouse and, unless the lines are given, one product. */
export interface OrderParties {
  supplier_id: string;
  warehouse_id: string;
  product_id?: string;
}

/** A draft of ten units of the product at 2.50. */
export function purchaseOrderBody(
  { supplier_id, warehouse_id, product_id }: OrderParties,
  overrides: Partial<PurchaseOrderCreateBody> = {},
): PurchaseOrderCreateBody {
  const items = product_id === undefined ? {} : { items: [{ product_id, quantity: 10, unit_price: 2.5 }] };
  return { supplier_id, warehouse_id, ...items, ...overrides };
}

/** A draft sales order of two units of the product at 12.50 for the customer. */
export function salesOrderBody(
  { customer_id, product_id }: { customer_id: string; product_id?: string },
  overrides: Partial<OrderCreateBody> = {},
): OrderCreateBody {
  const lines = product_id === undefined ? [] : [{ product_id, quantity: 2, unit_price: 12.5 }];
  return { customer_id, lines, ...overrides };
}

export function userBody(overrides: Partial<UserCreateBody> = {}): UserCreateBody {
  const suffix = uniqueSuffix();
  return { name: `User ${suffix}`, email: `user-${suffix}@example.test`, role: 'manager', ...overrides };
}

/** An application token that may do everything (POST /api-tokens, from a signed-in session). */
export function tokenBody(overrides: Partial<Static<typeof TokenCreateBody>> = {}): Static<typeof TokenCreateBody> {
  return { name: `Token ${uniqueSuffix()}`, type: 'application', abilities: ['*'], ...overrides };
}

/** Every event, to an address no test listens on. */
export function subscriptionBody(overrides: Partial<SubscriptionCreateBody> = {}): SubscriptionCreateBody {
  return { url: `https://hooks.example.test/${uniqueSuffix()}`, event_types: ['*'], ...overrides };
}
