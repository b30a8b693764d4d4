// Table types as the application sees them: identical on SQLite and PostgreSQL (see dialect.ts).
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/** ISO 8601 timestamp string with milliseconds and `Z`, e.g. `2026-11-21T09:30:00.000Z`. */
export type Timestamp = string;

/** A user's role: what it allows is `roleAllows` (src/modules/auth/abilities.ts, docs/abilities.md). */
export type Role = 'admin' | 'manager' | 'sales' | 'warehouse' | 'viewer';
export type TokenType = 'personal' | 'application' | 'integration';
export type TokenStatus = 'active' | 'pending_approval' | 'revoked';
export type WarehouseType = 'main' | 'distribution' | 'satellite' | 'virtual' | 'consignment';

export interface Address {
  street?: string | null;
  city?: string | null;
  state?: string | null;
  postal_code?: string | null;
  country?: string | null;
}

export interface TenantsTable {
  id: string;
  name: string;
  /** ISO 4217; used where a request omits a currency. */
  default_currency: Generated<string>;
  /** IANA time zone; null is UTC. */
  time_zone: string | null;
  address_line1: string | null;
  address_line2: string | null;
  city: string | null;
  region: string | null;
  postal_code: string | null;
  /** ISO 3166-1 alpha-2. */
  country: string | null;
  tax_id: string | null;
  /** Printed at the foot of purchase-order documents and e-mails. */
  purchase_order_footer: string | null;
  /** A sales order draft whose total (minor units) exceeds this needs approval; null: none does. */
  sales_approval_threshold: number | null;
  allocation_strategy: Generated<AllocationStrategy>;
  /** Stock arriving is allocated to backordered lines in the transaction that adds it. */
  auto_allocate_backorders: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface UsersTable {
  id: string;
  tenant_id: string;
  name: string;
  email: string;
  password_hash: string;
  role: Role;
  is_active: boolean;
  /** Base32 TOTP secret; set at enable, in force once confirmed. */
  two_factor_secret: string | null;
  two_factor_confirmed_at: Timestamp | null;
  /** SHA-256 hashes of the unused recovery codes. */
  two_factor_recovery_codes: string[] | null;
  /** The last TOTP time step accepted: a code is good once. */
  two_factor_last_step: number | null;
  /** When the password was last set; null for an invited user who has not set one yet. */
  password_set_at: Timestamp | null;
  deactivated_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type PasswordLinkPurpose = 'invitation' | 'reset';

/** A one-time link to set a password: an invitation, or a reset an administrator started. */
export interface PasswordLinksTable {
  id: string;
  tenant_id: string;
  user_id: string;
  purpose: PasswordLinkPurpose;
  /** SHA-256 of the link's secret. */
  token_hash: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  /** The administrator who made it; null when made by the CLI. */
  created_by: string | null;
  created_at: Timestamp;
}

export type AuditActorType = 'user' | 'token' | 'cli' | 'system';

export type ImportType = 'products' | 'stock_levels' | 'suppliers' | 'categories' | 'sales_orders';
export type ImportMode = 'create' | 'update' | 'upsert';
export type ImportStatus =
  'queued' | 'validating' | 'running' | 'completed' | 'failed' | 'cancelled' | 'too_many_errors';

export interface ImportJobsTable {
  id: string;
  tenant_id: string;
  type: ImportType;
  mode: ImportMode;
  dry_run: boolean;
  status: ImportStatus;
  filename: string;
  file_size: number;
  file_key: string;
  rows_total: number | null;
  rows_done: number;
  created_count: number;
  updated_count: number;
  unchanged_count: number;
  failed_count: number;
  /** Refused rows counted in failed_count whose reasons import_errors does not keep. */
  failed_unlisted_count: Generated<number>;
  error: string | null;
  actor_type: AuditActorType;
  actor_user_id: string | null;
  actor_token_id: string | null;
  actor_name: string | null;
  lease_owner: string | null;
  lease_expires_at: Timestamp | null;
  created_at: Timestamp;
  started_at: Timestamp | null;
  finished_at: Timestamp | null;
  updated_at: Timestamp;
}

export interface ImportBatchesTable {
  tenant_id: string;
  import_id: string;
  first_row: number;
  last_row: number;
}

export interface ImportErrorsTable {
  id: string;
  tenant_id: string;
  import_id: string;
  row_number: number;
  column_name: string | null;
  value: string | null;
  message: string;
}

/** One change: each changed field's value before and after (secrets never), null where there is nothing to list. */
export type AuditChanges = Record<string, { before: unknown; after: unknown }>;

export interface AuditLogTable {
  id: string;
  tenant_id: string;
  occurred_at: Timestamp;
  actor_type: AuditActorType;
  actor_user_id: string | null;
  actor_token_id: string | null;
  actor_name: string | null;
  action: string;
  entity_type: string;
  entity_id: string | null;
  changes: AuditChanges | null;
  request_id: string | null;
  ip: string | null;
}

export interface SessionsTable {
  /** SHA-256 of the session cookie's secret: a database leak gives no usable session. */
  id: string;
  tenant_id: string | null;
  user_id: string | null;
  csrf_token: string;
  /** The user who passed the password step and still owes a two-factor code. */
  two_factor_user_id: string | null;
  two_factor_expires_at: Timestamp | null;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
}

export interface LoginAttemptsTable {
  id: string;
  throttle_key: string;
  attempted_at: Timestamp;
}

export interface WarehousesTable {
  id: string;
  tenant_id: string;
  name: string;
  code: string;
  type: WarehouseType;
  is_default: boolean;
  is_active: boolean;
  address: Address | null;
  /** The warehouse_priority allocation takes warehouses by this rank, lowest first; null ranks last. */
  allocation_rank: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: Timestamp | null;
}

export interface ApiTokensTable {
  id: string;
  tenant_id: string;
  user_id: string;
  name: string;
  type: TokenType;
  /** Public, non-secret start of the token used to find it; the secret is compared by hash. */
  token_prefix: string;
  /** Hex SHA-256 of the whole plain-text token. */
  token_hash: string;
  abilities: string[];
  status: TokenStatus;
  ip_whitelist: string[] | null;
  expires_at: Timestamp | null;
  last_used_at: Timestamp | null;
  approved_by: string | null;
  approved_at: Timestamp | null;
  revoked_at: Timestamp | null;
  /**
   * The session a console token belongs to (sessions.id), which revokes it when it ends; null for every token made
   * through the API or the CLI. Console tokens are left out of the API-token lists.
   */
  session_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface IdempotencyKeysTable {
  id: string;
  tenant_id: string;
  idempotency_key: string;
  /** Whose key it is: `token:<id>` or `user:<id>` for a signed-in session. */
  caller: string;
  /** SHA-256 of method, path and canonical body: a replay must match it exactly. */
  request_hash: string;
  /** Null while the first request is still being processed. */
  status_code: number | null;
  content_type: string | null;
  response_body: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
}

export interface EventsTable {
  id: string;
  tenant_id: string;
  event_type: string;
  entity_type: string;
  entity_id: string;
  payload: Record<string, unknown> | null;
  occurred_at: Timestamp;
  created_at: Timestamp;
}

export type SupplierStatus =
  'prospective' | 'active' | 'approved' | 'preferred' | 'inactive' | 'suspended' | 'blacklisted' | 'under_review';
export type SupplierType =
  'manufacturer' | 'distributor' | 'wholesaler' | 'retailer' | 'service_provider' | 'consultant' | 'individual';

export interface ProductCategoriesTable {
  id: string;
  tenant_id: string;
  name: string;
  slug: string;
  description: string | null;
  parent_id: string | null;
  sort_order: number;
  is_active: boolean;
  is_featured: boolean;
  /** 0 for a root; kept for the whole subtree when a category moves. */
  depth_level: number;
  /** '/<root id>/…/<own id>/' (categories/category-path.ts); rewritten for the whole subtree when a category moves. */
  path: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: Timestamp | null;
}

export interface BrandsTable {
  id: string;
  tenant_id: string;
  name: string;
  slug: string;
  description: string | null;
  logo_url: string | null;
  website_url: string | null;
  is_active: boolean;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: Timestamp | null;
}

export interface TagsTable {
  id: string;
  tenant_id: string;
  name: string;
  slug: string;
  description: string | null;
  color: string;
  is_active: boolean;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SuppliersTable {
  id: string;
  tenant_id: string;
  name: string;
  code: string;
  email: string;
  phone: string | null;
  status: SupplierStatus;
  type: SupplierType | null;
  /** Average of every rating submitted, 1.0-5.0; null before the first. */
  rating: number | null;
  rating_count: number;
  is_approved: boolean;
  is_preferred: boolean;
  address: Address | null;
  payment_terms: string | null;
  lead_time_days: number | null;
  /** Minor units (USD). */
  minimum_order_amount: number | null;
  suspension_reason: string | null;
  /** `YYYY-MM-DD`. */
  suspended_until: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: Timestamp | null;
}

export interface CustomersTable {
  id: string;
  tenant_id: string;
  name: string;
  email: string | null;
  phone: string | null;
  company: string | null;
  /** The customer's id in another system; unique per tenant among live customers. */
  external_id: string | null;
  /** Country an ISO 3166-1 alpha-2 code when given. */
  billing_address: Address | null;
  shipping_address: Address | null;
  notes: string | null;
  is_active: boolean;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: Timestamp | null;
}

export type AllocationStrategy = 'warehouse_priority' | 'most_stock' | 'fewest_shipments';

export type SalesOrderStatus =
  'draft' | 'pending_approval' | 'confirmed' | 'partially_shipped' | 'shipped' | 'completed' | 'on_hold' | 'cancelled';

export type ShipmentStatus = 'draft' | 'picking' | 'packed' | 'shipped' | 'delivered' | 'cancelled';

export type SalesSequenceKind = 'order' | 'shipment' | 'return';

/** The last number issued per tenant, kind and month (`yyyymm`). */
export interface SalesSequencesTable {
  tenant_id: string;
  kind: SalesSequenceKind;
  period: string;
  last_value: number;
}

export interface SalesOrdersTable {
  id: string;
  tenant_id: string;
  order_number: string;
  customer_id: string;
  status: SalesOrderStatus;
  /** Where the order came from; with external_ref unique per tenant. */
  channel: string | null;
  external_ref: string | null;
  currency: string;
  ship_to: Address | null;
  requested_ship_date: string | null;
  /** Higher first when arriving stock is allocated to waiting lines. */
  priority: Generated<number>;
  notes: string | null;
  subtotal: number;
  discount_amount: number;
  shipping_amount: number;
  tax_amount: number;
  total_amount: number;
  /** The status an order on hold returns to. */
  held_from_status: SalesOrderStatus | null;
  hold_reason: string | null;
  submitted_at: Timestamp | null;
  approved_by: string | null;
  approved_at: Timestamp | null;
  approval_notes: string | null;
  rejected_by: string | null;
  rejected_at: Timestamp | null;
  rejection_reason: string | null;
  confirmed_at: Timestamp | null;
  shipped_at: Timestamp | null;
  closed_at: Timestamp | null;
  close_reason: string | null;
  completed_at: Timestamp | null;
  cancelled_by: string | null;
  cancelled_at: Timestamp | null;
  cancellation_reason: string | null;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: Timestamp | null;
}

/**
 * What was ordered and what was cancelled of it. Allocated, shipped and returned quantities are derived from
 * stock_reservations, shipment_lines and sales_return_lines.
 */
export interface SalesOrderLinesTable {
  id: string;
  tenant_id: string;
  order_id: string;
  position: number;
  product_id: string;
  product_name: string;
  product_sku: string | null;
  quantity: number;
  cancelled_quantity: Generated<number>;
  unit_price: number;
  discount_amount: number;
  line_total: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ShipmentsTable {
  id: string;
  tenant_id: string;
  shipment_number: string;
  order_id: string;
  warehouse_id: string;
  status: ShipmentStatus;
  carrier: string | null;
  service: string | null;
  tracking_numbers: string[] | null;
  notes: string | null;
  picked_at: Timestamp | null;
  packed_at: Timestamp | null;
  shipped_at: Timestamp | null;
  delivered_at: Timestamp | null;
  cancelled_at: Timestamp | null;
  cancellation_reason: string | null;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ShipmentLinesTable {
  id: string;
  tenant_id: string;
  shipment_id: string;
  order_line_id: string;
  product_id: string;
  position: number;
  quantity: number;
}

export interface SalesReturnsTable {
  id: string;
  tenant_id: string;
  return_number: string;
  order_id: string;
  warehouse_id: string;
  reason: string;
  notes: string | null;
  created_by: string | null;
  created_at: Timestamp;
}

export interface SalesReturnLinesTable {
  id: string;
  tenant_id: string;
  return_id: string;
  order_line_id: string;
  product_id: string;
  position: number;
  quantity: number;
  /** Back into stock with a `return` movement, or recorded only. */
  restock: boolean;
}

export interface SupplierRatingsTable {
  id: string;
  tenant_id: string;
  supplier_id: string;
  rating: number;
  notes: string | null;
  rated_by: string | null;
  created_at: Timestamp;
}

export type BarcodeType = 'ean8' | 'upc' | 'ean13' | 'gtin14' | 'other';
export type ProductType = 'physical' | 'digital' | 'service' | 'subscription' | 'bundle' | 'gift_card' | 'virtual';
export type ProductStatus =
  'draft' | 'pending_approval' | 'active' | 'inactive' | 'out_of_stock' | 'rejected' | 'discontinued';

/** `Generated` columns have database defaults (rows written before the product module existed). */
export interface ProductsTable {
  id: string;
  tenant_id: string;
  name: string;
  slug: string;
  sku: string;
  /** Unique among the tenant's live products; null when the product has none. */
  barcode: string | null;
  /** The kind of `barcode` (products/barcode.ts), null exactly when it is. */
  barcode_type: BarcodeType | null;
  type: Generated<ProductType>;
  status: Generated<ProductStatus>;
  /** The reason given with the last deactivation, discontinuation or decline. */
  status_reason: string | null;
  status_changed_at: Timestamp | null;
  is_variant: Generated<boolean>;
  master_product_id: string | null;
  /** A variant's selection: attribute name -> chosen value. */
  variant_attributes: Record<string, string> | null;
  /** Minor units of `currency`; null inherits the master's base value (variants) or means unpriced. */
  selling_price: number | null;
  cost_price: number | null;
  /** ISO 4217; null on a variant inherits the master's. */
  currency: string | null;
  /** Sums over the product's inventory records, written in the same transaction as each movement. */
  stock_quantity: Generated<number>;
  reserved_quantity: Generated<number>;
  reorder_point: number | null;
  reorder_quantity: number | null;
  track_inventory: Generated<boolean>;
  allow_backorders: Generated<boolean>;
  short_description: string | null;
  description: string | null;
  meta_description: string | null;
  meta_keywords: string | null;
  /** Kilograms. */
  weight: number | null;
  length: number | null;
  width: number | null;
  height: number | null;
  dimensions_unit: string | null;
  tax_class_id: string | null;
  /** Variants: the canonical text of the combination, unique among a master's live variants. */
  variant_key: string | null;
  /** Variants: images of their own, merged with the master's. */
  images: string[] | null;
  category_id: string | null;
  /** The root of the category's tree, written with category_id and by category moves; the product list's department filter. */
  category_root_id: string | null;
  brand_id: string | null;
  supplier_id: string | null;
  is_featured: Generated<boolean>;
  is_taxable: Generated<boolean>;
  requires_shipping: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: Timestamp | null;
}

export interface ProductTagsTable {
  tenant_id: string;
  product_id: string;
  tag_id: string;
  created_at: Timestamp;
}

export type AttributeType =
  | 'text'
  | 'number'
  | 'boolean'
  | 'date'
  | 'select'
  | 'multiselect'
  | 'color'
  | 'image'
  | 'url'
  | 'email'
  | 'phone'
  | 'json';

export interface AttributeDefinitionsTable {
  id: string;
  tenant_id: string;
  /** Immutable after creation, as is `type`. */
  code: string;
  name: string;
  label: string;
  type: AttributeType;
  description: string | null;
  /** Required for select and multiselect. */
  options: string[] | null;
  /** Rules such as `min:100`, `max:5`, `regex:^A`. */
  validation_rules: string[] | null;
  unit: string | null;
  /** The default in stored value form. */
  default_value: string | null;
  is_required: boolean;
  is_filterable: boolean;
  is_searchable: boolean;
  is_visible_on_frontend: boolean;
  sort_order: number;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: Timestamp | null;
}

/** Values are text: booleans `1`/`0`, multiselect a JSON array string, dates `YYYY-MM-DD`. */
export interface ProductAttributeValuesTable {
  tenant_id: string;
  product_id: string;
  attribute_id: string;
  value: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type MasterProductStatus = 'draft' | 'active' | 'inactive' | 'archived';

/** Shape 1 of a variant configuration; shape 2 is read into it on input (docs/decisions/variants.md, Master products). */
export interface VariantConfiguration {
  attributes: Array<{ name: string; values: string[] }>;
  allowCombinations: boolean;
}

export interface Dimensions {
  length: number | null;
  width: number | null;
  height: number | null;
  unit: 'cm' | 'in' | 'm' | 'mm';
}

export interface MasterProductsTable {
  id: string;
  tenant_id: string;
  name: string;
  slug: string;
  /** The base SKU variants' generated SKUs start from (the slug, upper-cased, when null). */
  sku: string | null;
  description: string | null;
  short_description: string | null;
  category_id: string | null;
  supplier_id: string | null;
  brand: string | null;
  model: string | null;
  /** Minor units of `currency`, inherited by variants whose own price is null. */
  base_price: number | null;
  base_cost_price: number | null;
  currency: string;
  /** Kilograms. */
  base_weight: number | null;
  base_dimensions: Dimensions | null;
  variant_attributes: VariantConfiguration | null;
  images: string[] | null;
  tags: string[] | null;
  status: MasterProductStatus;
  is_visible: boolean;
  is_featured: boolean;
  sort_order: number;
  requires_shipping: boolean;
  is_taxable: boolean;
  tax_class: string | null;
  meta_title: string | null;
  meta_description: string | null;
  meta_keywords: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: Timestamp | null;
}

/** Audit trail of "delete all variants": who, why, which. */
export interface VariantDeletionsTable {
  id: string;
  tenant_id: string;
  master_product_id: string;
  reason: string;
  variant_ids: string[];
  deleted_count: number;
  deleted_by: string | null;
  created_at: Timestamp;
}

export type StockMovementType =
  | 'initial_stock'
  | 'purchase_receipt'
  | 'adjustment'
  | 'physical_count'
  | 'transfer_out'
  | 'transfer_in'
  | 'reservation'
  | 'release'
  | 'shipment'
  | 'return';

/** One per product and warehouse: the source of truth for stock. */
export interface InventoryRecordsTable {
  id: string;
  tenant_id: string;
  product_id: string;
  warehouse_id: string;
  quantity_on_hand: number;
  quantity_reserved: number;
  reorder_point: number | null;
  reorder_quantity: number | null;
  /**
   * The reorder point record low stock holds the record to (its own, else its product's); null when it can never
   * be low (no point, or a product not replenished). Kept by the stock ledger with reorder settings and products.
   */
  low_stock_point: Generated<number | null>;
  /**
   * Copies of the product's supplier_id, currency, cost_price and reorder_quantity, which the reorder report's
   * summary reads from the low-stock index alone; set when the record is written and kept by a trigger on
   * products (migration 0035).
   */
  product_supplier_id: Generated<string | null>;
  product_currency: Generated<string | null>;
  product_cost_price: Generated<number | null>;
  product_reorder_quantity: Generated<number | null>;
  last_counted_at: Timestamp | null;
  last_movement_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PhysicalCountsTable {
  id: string;
  tenant_id: string;
  product_id: string;
  warehouse_id: string;
  counted_quantity: number;
  system_quantity_before: number;
  /** counted - system. */
  variance: number;
  /** variance / system x 100; null when the system quantity was 0. */
  variance_percentage: number | null;
  counted_by: string | null;
  counted_at: Timestamp;
  /** The physical_count movement; null when the variance was 0. */
  adjustment_movement_id: string | null;
}

/** Immutable: never updated or deleted (database triggers refuse both). */
export interface StockMovementsTable {
  id: string;
  tenant_id: string;
  product_id: string;
  warehouse_id: string;
  type: StockMovementType;
  /** Signed change of on-hand quantity (of reserved quantity for reservation and release). */
  quantity: number;
  quantity_before: number;
  quantity_after: number;
  reason: string | null;
  notes: string | null;
  reference_type: string | null;
  reference_id: string | null;
  created_by: string | null;
  created_at: Timestamp;
}

/** Units taken out (usage movements) per product, warehouse and UTC day: kept by the stock ledger. */
export interface StockDailyUsageTable {
  tenant_id: string;
  product_id: string;
  warehouse_id: string;
  /** YYYY-MM-DD, UTC. */
  day: string;
  quantity: number;
}

/** Units in and out of on-hand stock per product, warehouse and UTC day, kept by the stock ledger. */
export interface StockDailyFlowTable {
  tenant_id: string;
  product_id: string;
  warehouse_id: string;
  /** YYYY-MM-DD, UTC. */
  day: string;
  units_in: number;
  units_out: number;
}

export type StockReservationStatus = 'active' | 'released' | 'consumed';

/**
 * Stock held for a purpose: an inventory record's quantity_reserved is the sum of its active reservations' quantity.
 * `quantity` is what is still held; released and consumed parts are counted beside it.
 */
export interface StockReservationsTable {
  id: string;
  tenant_id: string;
  product_id: string;
  warehouse_id: string;
  quantity: number;
  original_quantity: number;
  released_quantity: Generated<number>;
  consumed_quantity: Generated<number>;
  /** The sales order line that holds it; null for a manual reservation. */
  order_line_id: string | null;
  reference_type: string | null;
  reference_id: string | null;
  notes: string | null;
  status: StockReservationStatus;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  released_at: Timestamp | null;
  consumed_at: Timestamp | null;
}

/** Domain events written in the transaction that causes them; the publisher moves them to `events`. */
export interface EventOutboxTable {
  id: string;
  tenant_id: string;
  event_type: string;
  entity_type: string;
  entity_id: string;
  payload: Record<string, unknown> | null;
  occurred_at: Timestamp;
}

export type PurchaseOrderStatus =
  | 'draft'
  | 'pending_approval'
  | 'approved'
  | 'sent'
  | 'acknowledged'
  | 'partially_received'
  | 'received'
  | 'invoiced'
  | 'completed'
  | 'cancelled'
  | 'rejected';

/** Money columns are minor units of the order's `currency`; dates `YYYY-MM-DD`. */
export interface PurchaseOrdersTable {
  id: string;
  tenant_id: string;
  po_number: string;
  status: PurchaseOrderStatus;
  supplier_id: string;
  warehouse_id: string;
  order_date: string;
  expected_delivery_date: string | null;
  actual_delivery_date: string | null;
  currency: string;
  subtotal: number;
  tax_amount: number;
  shipping_cost: number;
  discount_amount: number;
  total_amount: number;
  payment_terms: string | null;
  shipping_method: string | null;
  tracking_number: string | null;
  notes: string | null;
  internal_notes: string | null;
  approver_id: string | null;
  submitted_at: Timestamp | null;
  approved_by: string | null;
  approved_at: Timestamp | null;
  approval_notes: string | null;
  rejected_by: string | null;
  rejected_at: Timestamp | null;
  rejection_reason: string | null;
  sent_at: Timestamp | null;
  sent_to: string | null;
  /** When the order's e-mail was accepted by the mail server; null when none left. */
  emailed_at: Timestamp | null;
  acknowledged_at: Timestamp | null;
  supplier_reference: string | null;
  confirmed_delivery_date: string | null;
  received_at: Timestamp | null;
  invoice_number: string | null;
  invoice_amount: number | null;
  invoice_date: string | null;
  invoiced_at: Timestamp | null;
  completed_at: Timestamp | null;
  cancelled_by: string | null;
  cancelled_at: Timestamp | null;
  cancellation_reason: string | null;
  supplier_notified: boolean;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: Timestamp | null;
}

export interface PurchaseOrderItemsTable {
  id: string;
  tenant_id: string;
  purchase_order_id: string;
  product_id: string;
  /** Snapshots taken when the line is written: the order keeps what was ordered. */
  product_name: string;
  product_sku: string | null;
  quantity_ordered: number;
  quantity_received: number;
  quantity_cancelled: number;
  unit_price: number;
  line_total: number;
  warehouse_id: string | null;
  receiving_notes: string | null;
  received_at: Timestamp | null;
  position: number;
}

/** The last number issued per tenant and month (`yyyymm`). */
export interface PurchaseOrderSequencesTable {
  tenant_id: string;
  period: string;
  last_value: number;
}

export interface PurchaseOrderReceiptsTable {
  id: string;
  tenant_id: string;
  purchase_order_id: string;
  received_date: string;
  notes: string | null;
  quality_check_passed: boolean;
  quality_notes: string | null;
  received_by: string | null;
  created_at: Timestamp;
}

export interface PurchaseOrderReceiptLinesTable {
  id: string;
  tenant_id: string;
  receipt_id: string;
  purchase_order_item_id: string;
  product_id: string;
  warehouse_id: string;
  quantity_received: number;
  bin_location: string | null;
  notes: string | null;
  quality_check_passed: boolean;
  quality_notes: string | null;
  stock_movement_id: string | null;
}

export type DocumentOwnerType = 'product' | 'supplier' | 'purchase_order';
export type DocumentStatus = 'active' | 'archived';

export interface DocumentsTable {
  id: string;
  tenant_id: string;
  owner_type: DocumentOwnerType;
  owner_id: string;
  type: string;
  name: string;
  description: string | null;
  tags: string[];
  is_public: boolean;
  /** Seen only by callers who may manage the owner's documents. */
  is_sensitive: boolean;
  expires_at: Timestamp | null;
  metadata: Record<string, string>;
  /** The upload's file name, cleaned; shown and used for downloads, never for storage. */
  original_filename: string;
  /** Detected from the bytes. */
  mime_type: string;
  extension: string | null;
  size_bytes: number;
  checksum_sha256: string;
  storage_key: string;
  status: DocumentStatus;
  archived_at: Timestamp | null;
  renews_id: string | null;
  renewed_by_id: string | null;
  uploaded_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: Timestamp | null;
}

export type WebhookSubscriptionStatus = 'active' | 'disabled';
export type WebhookPayloadMode = 'full' | 'thin';
export type WebhookDeliveryStatus = 'pending' | 'delivering' | 'delivered' | 'failed';

export interface WebhookSubscriptionsTable {
  id: string;
  tenant_id: string;
  url: string;
  /** Patterns: an exact event type, `<entity>.*` or `*`. */
  event_types: string[];
  payload_mode: WebhookPayloadMode;
  /** Kept in clear: every delivery is signed with it. Shown only at creation and rotation. */
  secret: string;
  headers: Record<string, string>;
  description: string | null;
  status: WebhookSubscriptionStatus;
  disabled_reason: string | null;
  disabled_at: Timestamp | null;
  /** Creation or the last activation: events that occurred earlier are not delivered to it. */
  active_since: Timestamp;
  visible_entity_types: string[];
  created_by: string | null;
  token_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: Timestamp | null;
}

export interface WebhookDeliveriesTable {
  id: string;
  tenant_id: string;
  subscription_id: string;
  event_id: string;
  event_type: string;
  entity_type: string;
  entity_id: string;
  status: WebhookDeliveryStatus;
  /** Attempts started so far, counted when a worker claims the delivery. */
  attempts: number;
  next_attempt_at: Timestamp;
  lease_owner: string | null;
  lease_expires_at: Timestamp | null;
  last_attempt_at: Timestamp | null;
  last_response_code: number | null;
  last_response_time_ms: number | null;
  last_error: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface WebhookDeliveryAttemptsTable {
  id: string;
  tenant_id: string;
  delivery_id: string;
  subscription_id: string;
  attempt: number;
  attempted_at: Timestamp;
  succeeded: boolean;
  response_code: number | null;
  response_time_ms: number | null;
  error: string | null;
}

export interface DB {
  tenants: TenantsTable;
  users: UsersTable;
  warehouses: WarehousesTable;
  api_tokens: ApiTokensTable;
  idempotency_keys: IdempotencyKeysTable;
  events: EventsTable;
  sessions: SessionsTable;
  login_attempts: LoginAttemptsTable;
  product_categories: ProductCategoriesTable;
  brands: BrandsTable;
  tags: TagsTable;
  suppliers: SuppliersTable;
  supplier_ratings: SupplierRatingsTable;
  products: ProductsTable;
  product_tags: ProductTagsTable;
  attribute_definitions: AttributeDefinitionsTable;
  product_attribute_values: ProductAttributeValuesTable;
  inventory_records: InventoryRecordsTable;
  stock_movements: StockMovementsTable;
  stock_daily_usage: StockDailyUsageTable;
  stock_daily_flow: StockDailyFlowTable;
  stock_reservations: StockReservationsTable;
  event_outbox: EventOutboxTable;
  master_products: MasterProductsTable;
  variant_deletions: VariantDeletionsTable;
  physical_counts: PhysicalCountsTable;
  purchase_orders: PurchaseOrdersTable;
  purchase_order_items: PurchaseOrderItemsTable;
  purchase_order_sequences: PurchaseOrderSequencesTable;
  purchase_order_receipts: PurchaseOrderReceiptsTable;
  purchase_order_receipt_lines: PurchaseOrderReceiptLinesTable;
  documents: DocumentsTable;
  webhook_subscriptions: WebhookSubscriptionsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_delivery_attempts: WebhookDeliveryAttemptsTable;
  password_links: PasswordLinksTable;
  audit_log: AuditLogTable;
  import_jobs: ImportJobsTable;
  import_batches: ImportBatchesTable;
  import_errors: ImportErrorsTable;
  customers: CustomersTable;
  sales_sequences: SalesSequencesTable;
  sales_orders: SalesOrdersTable;
  sales_order_lines: SalesOrderLinesTable;
  shipments: ShipmentsTable;
  shipment_lines: ShipmentLinesTable;
  sales_returns: SalesReturnsTable;
  sales_return_lines: SalesReturnLinesTable;
}

export type Tenant = Selectable<TenantsTable>;
export type NewTenant = Insertable<TenantsTable>;
export type PasswordLink = Selectable<PasswordLinksTable>;
export type AuditLogEntry = Selectable<AuditLogTable>;
export type NewAuditLogEntry = Insertable<AuditLogTable>;
export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type Session = Selectable<SessionsTable>;
export type Warehouse = Selectable<WarehousesTable>;
export type NewWarehouse = Insertable<WarehousesTable>;
export type WarehouseUpdate = Updateable<WarehousesTable>;
export type ApiToken = Selectable<ApiTokensTable>;
export type NewApiToken = Insertable<ApiTokensTable>;

/**
 * Columns stored as booleans and as JSON. SQLite has neither type, so dialect.ts converts these by name;
 * a column name means the same type in every table (checked against the live schema by a test).
 */
export const BOOLEAN_COLUMNS: ReadonlySet<string> = new Set([
  'is_active',
  'is_default',
  'is_featured',
  'is_approved',
  'is_preferred',
  'is_required',
  'is_filterable',
  'is_searchable',
  'is_visible_on_frontend',
  'is_variant',
  'track_inventory',
  'allow_backorders',
  'is_taxable',
  'requires_shipping',
  'is_visible',
  'supplier_notified',
  'quality_check_passed',
  'is_public',
  'is_sensitive',
  'succeeded',
  'dry_run',
  'auto_allocate_backorders',
  'restock',
]);
export const JSON_COLUMNS: ReadonlySet<string> = new Set([
  'address',
  'billing_address',
  'shipping_address',
  'ship_to',
  'tracking_numbers',
  'abilities',
  'ip_whitelist',
  'payload',
  'two_factor_recovery_codes',
  'options',
  'validation_rules',
  'variant_attributes',
  'base_dimensions',
  'images',
  'tags',
  'variant_ids',
  'metadata',
  'event_types',
  'headers',
  'visible_entity_types',
  'changes',
]);
