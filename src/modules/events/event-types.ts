// The catalogue of event types: the dotted names subscribers and feed readers filter on, each with the
// entity it is about and what causes it. The operations domain events map onto these
// (ProductCreated -> product.created, ...; the table in docs/events.md).

export const EVENT_TYPES = {
  'product.created': { entity_type: 'product', description: 'A product was created.' },
  'product.updated': {
    entity_type: 'product',
    description: 'A product was changed; the payload lists the changed fields.',
  },
  'product.price_changed': {
    entity_type: 'product',
    description: "A product's selling or cost price changed; sent with product.updated.",
  },
  'product.activated': { entity_type: 'product', description: 'A product became active (activation or approval).' },
  'product.deactivated': { entity_type: 'product', description: 'An active product was deactivated.' },
  'product.discontinued': { entity_type: 'product', description: 'A product was discontinued (terminal).' },
  'product.deleted': {
    entity_type: 'product',
    description: 'A product or variant was deleted; the payload names it (id, sku, barcode).',
  },
  'inventory.adjusted': { entity_type: 'inventory', description: 'On-hand stock was adjusted.' },
  'inventory.reserved': { entity_type: 'inventory', description: 'Stock was reserved.' },
  'inventory.released': { entity_type: 'inventory', description: 'Reserved stock was released.' },
  'inventory.low_stock': {
    entity_type: 'inventory',
    description: 'Available stock fell to or below the reorder point.',
  },
  'inventory.out_of_stock': { entity_type: 'inventory', description: 'On-hand stock reached zero.' },
  'inventory.count_completed': {
    entity_type: 'inventory',
    description: 'A physical count was recorded, with its variance.',
  },
  'inventory.transfer_completed': { entity_type: 'inventory', description: 'Stock moved between two warehouses.' },
  'stock_movement.recorded': {
    entity_type: 'stock_movement',
    description: 'A stock movement was written to the ledger.',
  },
  'purchase_order.created': { entity_type: 'purchase_order', description: 'A purchase order was created.' },
  'purchase_order.approved': { entity_type: 'purchase_order', description: 'A purchase order was approved.' },
  'purchase_order.sent': { entity_type: 'purchase_order', description: 'A purchase order was sent to its supplier.' },
  'purchase_order.received': {
    entity_type: 'purchase_order',
    description: 'Every pending quantity of a purchase order was received.',
  },
  'purchase_order.cancelled': { entity_type: 'purchase_order', description: 'A purchase order was cancelled.' },
  'purchase_order.deleted': {
    entity_type: 'purchase_order',
    description: 'A draft purchase order was deleted; the payload names it (id, po_number).',
  },
  'customer.created': { entity_type: 'customer', description: 'A customer was created.' },
  'customer.updated': {
    entity_type: 'customer',
    description: 'A customer was changed; the payload lists the changed fields.',
  },
  'customer.deleted': {
    entity_type: 'customer',
    description: 'A customer was deleted; the payload names it (id, name, external_id).',
  },
  'order.created': { entity_type: 'order', description: 'A sales order was created; the payload is the order.' },
  'order.status_changed': {
    entity_type: 'order',
    description: "A sales order's status changed; the payload is the order with `from` and `to`.",
  },
  'shipment.created': { entity_type: 'shipment', description: 'A shipment of a sales order was created.' },
  'shipment.shipped': {
    entity_type: 'shipment',
    description: 'A shipment left its warehouse: its reservations consumed and its stock taken out.',
  },
  'shipment.delivered': { entity_type: 'shipment', description: 'A shipment reached its customer.' },
  'shipment.cancelled': { entity_type: 'shipment', description: 'A shipment was cancelled before it shipped.' },
  'order.returned': {
    entity_type: 'order',
    description: 'Goods of a sales order came back; the payload names the order, the return and its lines.',
  },
  'import.completed': {
    entity_type: 'import',
    description: 'A CSV import finished its rows; the payload is the job with its counts.',
  },
  'webhook.test': { entity_type: 'webhook', description: 'Sent only by the subscription test endpoint.' },
} as const satisfies Record<string, { entity_type: string; description: string }>;

export type EventType = keyof typeof EVENT_TYPES;
export type EntityType = (typeof EVENT_TYPES)[EventType]['entity_type'];

/** The ability that lets a caller see an entity type's events (in the feed, in webhooks). */
export const ENTITY_VIEW_ABILITY: Readonly<Record<string, string>> = {
  product: 'operations:view-products',
  inventory: 'operations:view-inventory',
  stock_movement: 'operations:view-inventory',
  purchase_order: 'operations:view-purchase-orders',
  import: 'operations:view-imports',
  order: 'sales:view-orders',
  shipment: 'sales:view-orders',
  customer: 'crm:view-customers',
  invoice: 'sales:view-invoices',
};
