// Purchase order request and response schemas: both create shapes (`items` or `line_items`), the list query,
// the transition bodies, and the order resource with its lines.
import { Type, type Static } from 'typebox';
import { Defaulted, Nullable, Timestamp, Ulid } from '../../../http/common-schemas.js';
import { nameSchema, withExample } from '../../../http/named-schemas.js';
import { pageQuery } from '../../../http/pagination.js';
import { updatedSinceQuery } from '../../../http/updated-since.js';
import { INITIAL_STATUSES, PURCHASE_ORDER_ACTIONS, PURCHASE_ORDER_STATUSES } from './purchase-order.states.js';

// The list is the state machine's; re-exported for the modules that read it beside the schemas.
export { PURCHASE_ORDER_STATUSES };

/** Largest unit price in currency units (a DECIMAL(9,2)). */
export const MAX_UNIT_PRICE = 9_999_999.99;
/** Largest order-level amount (tax, shipping, discount, invoice) in currency units. */
export const MAX_AMOUNT = 9_999_999_999.99;
export const MAX_QUANTITY = 1_000_000;
export const MAX_LINES = 500;

const text = (maxLength: number) => Nullable(Type.String({ maxLength }));
const date = Type.String({ format: 'date', description: 'YYYY-MM-DD.' });
const amount = (description: string) => Type.Number({ minimum: 0, maximum: MAX_AMOUNT, description });
const quantity = Type.Integer({ minimum: 1, maximum: MAX_QUANTITY });
const unitPrice = Type.Number({
  minimum: 0,
  maximum: MAX_UNIT_PRICE,
  description: 'Currency units; rounded half away from zero to the minor unit.',
});

export const PurchaseOrderItemInput = Type.Object(
  { product_id: Ulid, quantity, unit_price: unitPrice },
  { additionalProperties: false },
);
export const PurchaseOrderLineItemInput = Type.Object(
  { product_id: Ulid, quantity_ordered: quantity, unit_price: unitPrice, warehouse_id: Type.Optional(Nullable(Ulid)) },
  { additionalProperties: false },
);

const orderFields = {
  supplier_id: Ulid,
  warehouse_id: Ulid,
  order_date: date,
  expected_delivery_date: Nullable(date),
  currency: Type.String({
    pattern: '^[A-Z]{3}$',
    description: "ISO 4217; the tenant's default_currency when omitted.",
  }),
  tax_amount: amount('Currency units, default 0.'),
  shipping_cost: amount('Currency units, default 0.'),
  discount_amount: amount('Currency units, default 0; the total may not become negative.'),
  payment_terms: text(255),
  shipping_method: text(255),
  tracking_number: text(255),
  notes: text(2000),
  internal_notes: text(2000),
  items: Type.Array(PurchaseOrderItemInput, { minItems: 1, maxItems: MAX_LINES }),
  line_items: Type.Array(PurchaseOrderLineItemInput, { minItems: 1, maxItems: MAX_LINES }),
};

export const PurchaseOrderCreateBody = Type.Object(
  {
    supplier_id: orderFields.supplier_id,
    warehouse_id: orderFields.warehouse_id,
    order_date: Type.Optional(orderFields.order_date),
    expected_delivery_date: Type.Optional(orderFields.expected_delivery_date),
    currency: Type.Optional(orderFields.currency),
    status: Type.Optional(
      Type.Enum(INITIAL_STATUSES, {
        description: 'draft (default) or pending_approval (created and submitted at once).',
      }),
    ),
    tax_amount: Type.Optional(orderFields.tax_amount),
    shipping_cost: Type.Optional(orderFields.shipping_cost),
    discount_amount: Type.Optional(orderFields.discount_amount),
    payment_terms: Type.Optional(orderFields.payment_terms),
    shipping_method: Type.Optional(orderFields.shipping_method),
    tracking_number: Type.Optional(orderFields.tracking_number),
    notes: Type.Optional(orderFields.notes),
    internal_notes: Type.Optional(orderFields.internal_notes),
    items: Type.Optional(orderFields.items),
    line_items: Type.Optional(orderFields.line_items),
  },
  { additionalProperties: false, description: 'Send the lines as `items` or as `line_items` (one of the two).' },
);
export type PurchaseOrderCreateBody = Static<typeof PurchaseOrderCreateBody>;
withExample(PurchaseOrderCreateBody, {
  supplier_id: '01jd8w3b4c5d6e7f8g9h0j1k2m',
  warehouse_id: '01jd8w0m1n2p3q4r5s6t7v8w9x',
  expected_delivery_date: '2026-12-05',
  currency: 'EUR',
  status: 'pending_approval',
  shipping_cost: 15,
  payment_terms: 'Net 30',
  notes: 'Deliver to gate 3 between 8:00 and 16:00.',
  items: [{ product_id: '01jd8x4k3m2n5p6q7r8s9t0v1w', quantity: 40, unit_price: 74.5 }],
});

export const PurchaseOrderUpdateBody = Type.Partial(Type.Object(orderFields), {
  additionalProperties: false,
  description: 'Draft orders only. Lines sent (as `items` or `line_items`) replace every line; totals are recomputed.',
});
export type PurchaseOrderUpdateBody = Static<typeof PurchaseOrderUpdateBody>;
withExample(PurchaseOrderUpdateBody, {
  expected_delivery_date: '2026-12-08',
  items: [{ product_id: '01jd8x4k3m2n5p6q7r8s9t0v1w', quantity: 50, unit_price: 72 }],
});

export type LineInput = Static<typeof PurchaseOrderItemInput> | Static<typeof PurchaseOrderLineItemInput>;

export const PurchaseOrderListQuery = Type.Object({
  ...pageQuery(15),
  status: Type.Optional(Type.String({ description: 'One status or a comma-separated list.' })),
  supplier_id: Type.Optional(Ulid),
  warehouse_id: Type.Optional(Ulid),
  date_from: Type.Optional(date),
  date_to: Type.Optional(date),
  search: Type.Optional(Type.String({ maxLength: 255, description: 'PO number, notes or supplier name.' })),
  ...updatedSinceQuery,
  sort_by: Defaulted(
    Type.Enum(
      ['order_date', 'created_at', 'po_number', 'total_amount', 'expected_delivery_date', 'status', 'updated_at'],
      {
        default: 'created_at',
        description: 'Default created_at. Ties break on id.',
      },
    ),
  ),
  sort_direction: Defaulted(Type.Enum(['asc', 'desc'], { default: 'desc' })),
});
export type PurchaseOrderListQuery = Static<typeof PurchaseOrderListQuery>;

export const SubmitForApprovalBody = Type.Object(
  { approver_id: Type.Optional(Nullable(Ulid)), notes: Type.Optional(text(2000)) },
  { additionalProperties: false },
);
export type SubmitForApprovalBody = Static<typeof SubmitForApprovalBody>;
withExample(SubmitForApprovalBody, {
  approver_id: '01jd8v8h9j0k1m2n3p4q5r6s7t',
  notes: 'Needed before the December promotion.',
});

export const ApproveBody = Type.Object(
  { notes: Type.Optional(text(2000)), approval_notes: Type.Optional(text(2000)) },
  { additionalProperties: false },
);
export type ApproveBody = Static<typeof ApproveBody>;
withExample(ApproveBody, { approval_notes: 'Within budget.' });

export const RejectBody = Type.Object(
  { reason: Type.String({ minLength: 1, maxLength: 1000 }) },
  { additionalProperties: false },
);
export type RejectBody = Static<typeof RejectBody>;
withExample(RejectBody, { reason: 'Order from the preferred supplier instead.' });

export const SendBody = Type.Object(
  {
    send_email: Type.Optional(Type.Boolean()),
    email_template: Type.Optional(text(100)),
    cc_emails: Type.Optional(Type.Array(Type.String({ format: 'email', maxLength: 255 }), { maxItems: 20 })),
    email_message: Type.Optional(text(5000)),
    attach_pdf: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type SendBody = Static<typeof SendBody>;
withExample(SendBody, {
  send_email: true,
  cc_emails: ['buyer@example.com'],
  email_message: 'Please confirm the delivery date.',
  attach_pdf: true,
});

export const AcknowledgeBody = Type.Object(
  {
    confirmed_delivery_date: Type.Optional(Nullable(date)),
    supplier_reference: Type.Optional(text(255)),
    notes: Type.Optional(text(2000)),
  },
  { additionalProperties: false },
);
export type AcknowledgeBody = Static<typeof AcknowledgeBody>;
withExample(AcknowledgeBody, { confirmed_delivery_date: '2026-12-04', supplier_reference: 'FSC-SO-88123' });

export const CancelBody = Type.Object(
  {
    reason: Type.Optional(Type.String({ maxLength: 1000 })),
    cancellation_reason: Type.Optional(Type.String({ maxLength: 1000 })),
    notify_supplier: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false, description: 'A reason is required, as `reason` or `cancellation_reason`.' },
);
export type CancelBody = Static<typeof CancelBody>;
withExample(CancelBody, { reason: 'Supplier cannot deliver before January.', notify_supplier: true });

export const RecordInvoiceBody = Type.Object(
  {
    invoice_number: Type.String({ minLength: 1, maxLength: 100 }),
    invoice_amount: amount('Currency units of the order.'),
    invoice_date: Type.Optional(Nullable(date)),
  },
  { additionalProperties: false },
);
export type RecordInvoiceBody = Static<typeof RecordInvoiceBody>;
withExample(RecordInvoiceBody, { invoice_number: 'INV-2026-4471', invoice_amount: 2995, invoice_date: '2026-12-06' });

const Ref = Nullable(Type.Object({ id: Type.String(), name: Type.String() }));
const money = Type.Number();

export const PurchaseOrderItemResponse = Type.Object({
  id: Type.String(),
  product_id: Type.String(),
  product_name: Type.String(),
  product_sku: Nullable(Type.String()),
  quantity_ordered: Type.Integer(),
  quantity_received: Type.Integer(),
  quantity_cancelled: Type.Integer(),
  quantity_remaining: Type.Integer(),
  received_percentage: Type.Number(),
  unit_price: money,
  subtotal: money,
  line_total: money,
  warehouse_id: Nullable(Type.String()),
  receiving_notes: Nullable(Type.String()),
  received_at: Nullable(Timestamp),
});
const itemExample: Static<typeof PurchaseOrderItemResponse> = {
  id: '01jd8y5e7f8g9h0j1k2m3n4p5q',
  product_id: '01jd8x4k3m2n5p6q7r8s9t0v1w',
  product_name: 'Cordless drill 18V',
  product_sku: 'DRL-18V',
  quantity_ordered: 40,
  quantity_received: 0,
  quantity_cancelled: 0,
  quantity_remaining: 40,
  received_percentage: 0,
  unit_price: 74.5,
  subtotal: 2980,
  line_total: 2980,
  warehouse_id: '01jd8w0m1n2p3q4r5s6t7v8w9x',
  receiving_notes: null,
  received_at: null,
};
nameSchema(PurchaseOrderItemResponse, 'PurchaseOrderItem', itemExample);

const nullableString = Nullable(Type.String());
const nullableDate = Nullable(Type.String({ format: 'date' }));
const nullableTimestamp = Nullable(Timestamp);

export const PurchaseOrderResponse = Type.Object({
  id: Type.String(),
  po_number: Type.String(),
  order_number: Type.String(),
  status: Type.Enum(PURCHASE_ORDER_STATUSES),
  allowed_actions: Type.Array(Type.Enum(PURCHASE_ORDER_ACTIONS), {
    description:
      "What the order's status allows now, by the state machine, whoever asks (each action still needs its ability): `edit` (PUT/PATCH) and `delete` the order, else `POST …/{id}/<action>`. Listed next step first, `cancel` and `delete` last.",
  }),
  supplier_id: Type.String(),
  supplier: Ref,
  warehouse_id: Type.String(),
  warehouse: Ref,
  order_date: Type.String({ format: 'date' }),
  expected_delivery_date: nullableDate,
  actual_delivery_date: nullableDate,
  delivery_date: nullableDate,
  currency: Type.String(),
  subtotal: money,
  tax_amount: money,
  shipping_cost: money,
  discount_amount: money,
  total_amount: money,
  payment_terms: nullableString,
  shipping_method: nullableString,
  tracking_number: nullableString,
  notes: nullableString,
  internal_notes: nullableString,
  approver_id: nullableString,
  submitted_at: nullableTimestamp,
  approved_by: Ref,
  approved_at: nullableTimestamp,
  approval_notes: nullableString,
  rejected_by: Ref,
  rejected_at: nullableTimestamp,
  rejection_reason: nullableString,
  sent_at: nullableTimestamp,
  sent_to: Nullable(
    Type.String({
      description: "The supplier's e-mail address when the order was sent, whether or not it was e-mailed.",
    }),
  ),
  emailed_at: Nullable(
    Type.String({
      format: 'date-time',
      description:
        'When the e-mail of the order was accepted by the mail server; null when the order was only marked as sent (no send_email, no mail server configured, or the delivery refused).',
    }),
  ),
  acknowledged_at: nullableTimestamp,
  supplier_reference: nullableString,
  confirmed_delivery_date: nullableDate,
  received_at: nullableTimestamp,
  invoice_number: nullableString,
  invoice_amount: Nullable(money),
  invoice_date: nullableDate,
  invoiced_at: nullableTimestamp,
  completed_at: nullableTimestamp,
  cancelled_by: Ref,
  cancelled_at: nullableTimestamp,
  cancellation_reason: nullableString,
  supplier_notified: Type.Boolean(),
  created_by: Ref,
  created_at: Timestamp,
  updated_at: Timestamp,
  items_count: Type.Integer(),
  items: Type.Optional(Type.Array(PurchaseOrderItemResponse)),
  line_items: Type.Optional(Type.Array(PurchaseOrderItemResponse)),
});
export type PurchaseOrderResponse = Static<typeof PurchaseOrderResponse>;
export const purchaseOrderExample: PurchaseOrderResponse = {
  id: '01jd8y5d6e7f8g9h0j1k2m3n4p',
  po_number: 'PO-202611-0007',
  order_number: 'PO-202611-0007',
  status: 'approved',
  allowed_actions: ['send', 'cancel'],
  supplier_id: '01jd8w3b4c5d6e7f8g9h0j1k2m',
  supplier: { id: '01jd8w3b4c5d6e7f8g9h0j1k2m', name: 'Fastener Supply Co' },
  warehouse_id: '01jd8w0m1n2p3q4r5s6t7v8w9x',
  warehouse: { id: '01jd8w0m1n2p3q4r5s6t7v8w9x', name: 'Main warehouse' },
  order_date: '2026-11-21',
  expected_delivery_date: '2026-12-05',
  actual_delivery_date: null,
  delivery_date: null,
  currency: 'EUR',
  subtotal: 2980,
  tax_amount: 0,
  shipping_cost: 15,
  discount_amount: 0,
  total_amount: 2995,
  payment_terms: 'Net 30',
  shipping_method: null,
  tracking_number: null,
  notes: 'Deliver to gate 3 between 8:00 and 16:00.',
  internal_notes: null,
  approver_id: null,
  submitted_at: '2026-11-21T10:02:00.000Z',
  approved_by: { id: '01jd8v8h9j0k1m2n3p4q5r6s7t', name: 'Ada Admin' },
  approved_at: '2026-11-21T14:30:00.000Z',
  approval_notes: 'Within budget.',
  rejected_by: null,
  rejected_at: null,
  rejection_reason: null,
  sent_at: null,
  sent_to: null,
  emailed_at: null,
  acknowledged_at: null,
  supplier_reference: null,
  confirmed_delivery_date: null,
  received_at: null,
  invoice_number: null,
  invoice_amount: null,
  invoice_date: null,
  invoiced_at: null,
  completed_at: null,
  cancelled_by: null,
  cancelled_at: null,
  cancellation_reason: null,
  supplier_notified: false,
  created_by: { id: '01jd8v8h9j0k1m2n3p4q5r6s7t', name: 'Ada Admin' },
  created_at: '2026-11-21T10:02:00.000Z',
  updated_at: '2026-11-21T14:30:00.000Z',
  items_count: 1,
  items: [itemExample],
  line_items: [itemExample],
};
nameSchema(PurchaseOrderResponse, 'PurchaseOrder', purchaseOrderExample);

export const PurchaseOrderSentResponse = Type.Object({
  ...PurchaseOrderResponse.properties,
  email_sent: Type.Boolean(),
});
nameSchema(PurchaseOrderSentResponse, 'SentPurchaseOrder', {
  ...purchaseOrderExample,
  status: 'sent',
  allowed_actions: ['acknowledge', 'receive', 'cancel'],
  sent_at: '2026-11-22T08:15:00.000Z',
  sent_to: 'orders@fastener.example',
  emailed_at: '2026-11-22T08:15:01.000Z',
  email_sent: true,
});
