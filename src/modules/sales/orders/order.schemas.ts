// Sales order request and response schemas: the create body (a customer by id or inline), the update of its
// header and lines, the list query, the action bodies, and the order resource with its lines and their derived
// quantities.
import { Type, type Static } from 'typebox';
import { Defaulted, Nullable, Timestamp, Ulid, WindowLength } from '../../../http/common-schemas.js';
import { nameSchema, withExample } from '../../../http/named-schemas.js';
import { afterQuery, pageQuery } from '../../../http/pagination.js';
import { SORT_DIRECTIONS, updatedSinceQuery } from '../../../http/updated-since.js';
import { CustomerAddress, CustomerCreateBody } from '../../crm/customers/customer.schemas.js';
import { SALES_ORDER_ACTIONS, SALES_ORDER_STATUSES } from './order.states.js';

export { SALES_ORDER_STATUSES };

export const MAX_UNIT_PRICE = 9_999_999.99;
export const MAX_AMOUNT = 9_999_999_999.99;
export const MAX_QUANTITY = 1_000_000;
export const MAX_LINES = 500;

const text = (maxLength: number) => Nullable(Type.String({ maxLength }));
const date = Type.String({ format: 'date', description: 'YYYY-MM-DD.' });
const amount = (description: string) => Type.Number({ minimum: 0, maximum: MAX_AMOUNT, description });
const reference = (description: string) =>
  Type.String({ minLength: 1, maxLength: 255, pattern: '^\\S(?:.*\\S)?$', description });
const reason = Type.String({ minLength: 1, maxLength: 2000 });

export const OrderLineInput = Type.Object(
  {
    /** An existing line of the order, kept (with what it shipped) while it changes; absent for a new line. */
    id: Type.Optional(Ulid),
    product_id: Ulid,
    quantity: Type.Integer({ minimum: 1, maximum: MAX_QUANTITY }),
    unit_price: Type.Number({
      minimum: 0,
      maximum: MAX_UNIT_PRICE,
      description: 'Currency units; rounded half away from zero to the minor unit.',
    }),
    discount_amount: Type.Optional(
      Type.Number({ minimum: 0, maximum: MAX_AMOUNT, description: 'Currency units off the line, default 0.' }),
    ),
  },
  { additionalProperties: false },
);
export type OrderLineInput = Static<typeof OrderLineInput>;

const headerFields = {
  ship_to: Nullable(CustomerAddress),
  requested_ship_date: Nullable(date),
  priority: Type.Integer({
    minimum: -1000,
    maximum: 1000,
    description: 'Higher first when arriving stock is allocated to waiting lines; default 0.',
  }),
  notes: text(5000),
  discount_amount: amount('Currency units off the order, default 0; the total may not become negative.'),
  shipping_amount: amount('Currency units, default 0.'),
  tax_amount: amount('Currency units as given (no tax engine), default 0.'),
};
const lines = Type.Array(OrderLineInput, { minItems: 1, maxItems: MAX_LINES });

export const OrderCreateBody = Type.Object(
  {
    customer_id: Type.Optional(Ulid),
    customer: Type.Optional(CustomerCreateBody),
    channel: Type.Optional(
      Nullable(reference("Where the order came from (a shop's name); with external_ref unique per tenant.")),
    ),
    external_ref: Type.Optional(
      Nullable(
        reference(
          "The order's id in its channel; an order with the same channel and external_ref already there is a 409 naming it.",
        ),
      ),
    ),
    currency: Type.Optional(
      Type.String({ pattern: '^[A-Z]{3}$', description: "ISO 4217; the tenant's default_currency when omitted." }),
    ),
    ship_to: Type.Optional(headerFields.ship_to),
    requested_ship_date: Type.Optional(headerFields.requested_ship_date),
    priority: Type.Optional(headerFields.priority),
    notes: Type.Optional(headerFields.notes),
    discount_amount: Type.Optional(headerFields.discount_amount),
    shipping_amount: Type.Optional(headerFields.shipping_amount),
    tax_amount: Type.Optional(headerFields.tax_amount),
    lines,
  },
  {
    additionalProperties: false,
    description:
      "The customer by `customer_id`, or `customer` with a new customer's fields (created with the order); one of the two. `ship_to` defaults to the customer's shipping address.",
  },
);
export type OrderCreateBody = Static<typeof OrderCreateBody>;
withExample(OrderCreateBody, {
  customer_id: '01jd8w4c5d6e7f8g9h0j1k2m3n',
  channel: 'webshop',
  external_ref: '#10442',
  currency: 'EUR',
  requested_ship_date: '2026-12-10',
  priority: 5,
  shipping_amount: 4.95,
  tax_amount: 19,
  lines: [
    { product_id: '01jd8x4k3m2n5p6q7r8s9t0v1w', quantity: 2, unit_price: 49.5 },
    { product_id: '01jd8x4k3m2n5p6q7r8s9t0v2x', quantity: 1, unit_price: 12, discount_amount: 2 },
  ],
});

export const OrderUpdateBody = Type.Object(
  {
    customer_id: Type.Optional(Ulid),
    currency: Type.Optional(OrderCreateBody.properties.currency),
    ship_to: Type.Optional(headerFields.ship_to),
    requested_ship_date: Type.Optional(headerFields.requested_ship_date),
    priority: Type.Optional(headerFields.priority),
    notes: Type.Optional(headerFields.notes),
    discount_amount: Type.Optional(headerFields.discount_amount),
    shipping_amount: Type.Optional(headerFields.shipping_amount),
    tax_amount: Type.Optional(headerFields.tax_amount),
    lines: Type.Optional(lines),
  },
  {
    additionalProperties: false,
    description:
      'Partial. `lines` sent replace the lines: in draft freely; after confirmation a line sent with its `id` keeps it (its quantity never below what it shipped), a line without one is added, and a line left out is removed (only if nothing of it is on a shipment). Customer and currency change in draft only.',
  },
);
export type OrderUpdateBody = Static<typeof OrderUpdateBody>;
withExample(OrderUpdateBody, {
  requested_ship_date: '2026-12-12',
  lines: [
    { id: '01jd8y0a1b2c3d4e5f6g7h8j9k', product_id: '01jd8x4k3m2n5p6q7r8s9t0v1w', quantity: 3, unit_price: 49.5 },
  ],
});

export const SALES_ORDER_SORTS = [
  'created_at',
  'updated_at',
  'order_number',
  'total_amount',
  'requested_ship_date',
  'priority',
] as const;

export const OrderListQuery = Type.Object({
  ...pageQuery(25),
  ...afterQuery,
  status: Type.Optional(Type.String({ description: 'One status or a comma-separated list.' })),
  customer_id: Type.Optional(Ulid),
  channel: Type.Optional(Type.String({ minLength: 1, maxLength: 255, description: 'Exactly this channel.' })),
  external_ref: Type.Optional(
    Type.String({ minLength: 1, maxLength: 255, description: 'Exactly this external reference.' }),
  ),
  created_from: Type.Optional(
    Type.String({ format: 'date-time', maxLength: 64, description: 'Created at or after this instant.' }),
  ),
  created_to: Type.Optional(
    Type.String({ format: 'date-time', maxLength: 64, description: 'Created at or before this instant.' }),
  ),
  search: Type.Optional(
    Type.String({
      maxLength: 255,
      description:
        "Case-insensitive substring of the number, external_ref or the live customer's name; one or two characters: the start of one of them.",
    }),
  ),
  backordered: Type.Optional(
    Type.Boolean({
      description:
        'true: orders with a backordered line (open and not allocated while the order owes goods); false: the others.',
    }),
  ),
  overdue: Type.Optional(
    Type.Boolean({
      description:
        'true: orders whose requested ship date is before today (UTC) and that are not shipped, completed or cancelled; false: the others.',
    }),
  ),
  ...updatedSinceQuery,
  sort_by: Defaulted(Type.Enum(SALES_ORDER_SORTS, { default: 'created_at', description: 'Ties break on id.' })),
  sort_direction: Defaulted(Type.Enum(SORT_DIRECTIONS, { default: 'desc' })),
});
export type OrderListQuery = Static<typeof OrderListQuery>;

export const ReasonBody = Type.Object({ reason }, { additionalProperties: false });
export type ReasonBody = Static<typeof ReasonBody>;
withExample(ReasonBody, { reason: 'The customer ordered twice.' });

export const OptionalReasonBody = Type.Object({ reason: Type.Optional(reason) }, { additionalProperties: false });
export type OptionalReasonBody = Static<typeof OptionalReasonBody>;
withExample(OptionalReasonBody, { reason: 'Waiting for the customer to confirm the address.' });

export const ApproveBody = Type.Object({ notes: Type.Optional(reason) }, { additionalProperties: false });
export type ApproveBody = Static<typeof ApproveBody>;
withExample(ApproveBody, { notes: 'Checked with the account manager.' });

const NamedRef = Nullable(Type.Object({ id: Ulid, name: Type.String() }));

export const OrderLineResponse = Type.Object({
  id: Ulid,
  position: Type.Integer(),
  product_id: Ulid,
  product_name: Type.String(),
  product_sku: Nullable(Type.String()),
  quantity: Type.Integer({ description: 'Ordered.' }),
  quantity_allocated: Type.Integer({ description: "The sum of the line's active reservations." }),
  quantity_shipped: Type.Integer({ description: 'On shipments that were shipped or delivered.' }),
  quantity_cancelled: Type.Integer({ description: 'Cut from the line by a close.' }),
  quantity_returned: Type.Integer(),
  quantity_backordered: Type.Integer({
    description:
      'Open (ordered − cancelled − shipped) and not allocated, while the order is confirmed and not fully shipped; else 0.',
  }),
  allocations: Type.Array(Type.Object({ warehouse_id: Ulid, quantity: Type.Integer() }), {
    description: 'What is allocated, by warehouse.',
  }),
  unit_price: Type.Number(),
  discount_amount: Type.Number(),
  line_total: Type.Number({ description: 'quantity × unit_price − discount_amount.' }),
});
export type OrderLineResponse = Static<typeof OrderLineResponse>;

export const OrderResponse = Type.Object({
  id: Ulid,
  order_number: Type.String(),
  status: Type.Enum(SALES_ORDER_STATUSES),
  allowed_actions: Type.Array(Type.Enum(SALES_ORDER_ACTIONS), {
    description: "What the order's status allows, whatever the caller's abilities.",
  }),
  customer_id: Ulid,
  customer: NamedRef,
  channel: Nullable(Type.String()),
  external_ref: Nullable(Type.String()),
  currency: Type.String(),
  ship_to: Nullable(CustomerAddress),
  requested_ship_date: Nullable(Type.String()),
  priority: Type.Integer(),
  notes: Nullable(Type.String()),
  subtotal: Type.Number(),
  discount_amount: Type.Number(),
  shipping_amount: Type.Number(),
  tax_amount: Type.Number(),
  total_amount: Type.Number(),
  held_from_status: Nullable(Type.Enum(SALES_ORDER_STATUSES)),
  hold_reason: Nullable(Type.String()),
  submitted_at: Nullable(Timestamp),
  approved_by: NamedRef,
  approved_at: Nullable(Timestamp),
  approval_notes: Nullable(Type.String()),
  rejected_by: NamedRef,
  rejected_at: Nullable(Timestamp),
  rejection_reason: Nullable(Type.String()),
  confirmed_at: Nullable(Timestamp),
  shipped_at: Nullable(Timestamp),
  closed_at: Nullable(Timestamp),
  close_reason: Nullable(Type.String()),
  completed_at: Nullable(Timestamp),
  cancelled_by: NamedRef,
  cancelled_at: Nullable(Timestamp),
  cancellation_reason: Nullable(Type.String()),
  created_by: NamedRef,
  created_at: Timestamp,
  updated_at: Timestamp,
  lines_count: Type.Integer(),
  lines: Type.Optional(Type.Array(OrderLineResponse, { description: 'In the detail, not in the list.' })),
});
export type OrderResponse = Static<typeof OrderResponse>;

const EXAMPLE_ORDER: OrderResponse = {
  id: '01jd8y0a1b2c3d4e5f6g7h8j9a',
  order_number: 'SO-202612-0001',
  status: 'confirmed',
  allowed_actions: ['edit', 'edit-lines', 'allocate', 'ship', 'hold', 'close', 'cancel'],
  customer_id: '01jd8w4c5d6e7f8g9h0j1k2m3n',
  customer: { id: '01jd8w4c5d6e7f8g9h0j1k2m3n', name: 'Ada Lovelace' },
  channel: 'webshop',
  external_ref: '#10442',
  currency: 'EUR',
  ship_to: { street: '3 Dock Road', city: 'Hull', state: null, postal_code: 'HU1 1AA', country: 'GB' },
  requested_ship_date: '2026-12-10',
  priority: 5,
  notes: null,
  subtotal: 99,
  discount_amount: 0,
  shipping_amount: 4.95,
  tax_amount: 19,
  total_amount: 122.95,
  held_from_status: null,
  hold_reason: null,
  submitted_at: null,
  approved_by: null,
  approved_at: null,
  approval_notes: null,
  rejected_by: null,
  rejected_at: null,
  rejection_reason: null,
  confirmed_at: '2026-12-02T09:30:00.000Z',
  shipped_at: null,
  closed_at: null,
  close_reason: null,
  completed_at: null,
  cancelled_by: null,
  cancelled_at: null,
  cancellation_reason: null,
  created_by: { id: '01jd8v8h9j0k1m2n3p4q5r6s7t', name: 'Grace Hopper' },
  created_at: '2026-12-02T09:14:00.000Z',
  updated_at: '2026-12-02T09:30:00.000Z',
  lines_count: 1,
  lines: [
    {
      id: '01jd8y0a1b2c3d4e5f6g7h8j9k',
      position: 0,
      product_id: '01jd8x4k3m2n5p6q7r8s9t0v1w',
      product_name: 'Brass hinge 40 mm',
      product_sku: 'HNG-40',
      quantity: 2,
      quantity_allocated: 1,
      quantity_shipped: 0,
      quantity_cancelled: 0,
      quantity_returned: 0,
      quantity_backordered: 1,
      allocations: [{ warehouse_id: '01jd8w0m1n2p3q4r5s6t7v8w9x', quantity: 1 }],
      unit_price: 49.5,
      discount_amount: 0,
      line_total: 99,
    },
  ],
};
nameSchema(OrderLineResponse, 'SalesOrderLine', EXAMPLE_ORDER.lines![0]!);
nameSchema(OrderResponse, 'SalesOrder', EXAMPLE_ORDER);

export const AllocationOutcomeResponse = Type.Object({
  allocations: Type.Array(
    Type.Object({
      order_line_id: Ulid,
      product_id: Ulid,
      warehouse_id: Ulid,
      quantity: Type.Integer(),
      reservation_id: Ulid,
    }),
    { description: 'What this request reserved, by line and warehouse.' },
  ),
  backordered: Type.Array(Type.Object({ order_line_id: Ulid, product_id: Ulid, quantity: Type.Integer() }), {
    description: 'What of each line could not be reserved.',
  }),
});
export const OrderAllocatedResponse = Type.Object({ order: OrderResponse, allocation: AllocationOutcomeResponse });
export type OrderAllocatedResponse = Static<typeof OrderAllocatedResponse>;
nameSchema(OrderAllocatedResponse, 'SalesOrderAllocated', {
  order: EXAMPLE_ORDER,
  allocation: {
    allocations: [
      {
        order_line_id: '01jd8y0a1b2c3d4e5f6g7h8j9k',
        product_id: '01jd8x4k3m2n5p6q7r8s9t0v1w',
        warehouse_id: '01jd8w0m1n2p3q4r5s6t7v8w9x',
        quantity: 1,
        reservation_id: '01jd8y1a1b2c3d4e5f6g7h8j9k',
      },
    ],
    backordered: [
      { order_line_id: '01jd8y0a1b2c3d4e5f6g7h8j9k', product_id: '01jd8x4k3m2n5p6q7r8s9t0v1w', quantity: 1 },
    ],
  },
});

export const DuplicateOrderDetails = Type.Object(
  { order_id: Ulid, order_number: Type.String() },
  { description: 'The order that has the channel and external_ref already.' },
);
nameSchema(DuplicateOrderDetails, 'DuplicateSalesOrder', {
  order_id: '01jd8y0a1b2c3d4e5f6g7h8j9a',
  order_number: 'SO-202612-0001',
});
export const DuplicateOrderBody = Type.Object(
  {
    success: Type.Literal(false),
    message: Type.String(),
    code: Type.Literal('duplicate_external_ref'),
    details: DuplicateOrderDetails,
  },
  { description: 'An order with this channel and external_ref exists: `details` names it.' },
);

/** Days of ship dates the shipping summary names one by one: the default, and the most. */
export const SHIPPING_DEFAULT_DAYS = 7;
export const SHIPPING_MAX_DAYS = 31;

export const ShippingSummaryQuery = Type.Object(
  {
    days: WindowLength(
      SHIPPING_MAX_DAYS,
      SHIPPING_DEFAULT_DAYS,
      `The requested ship dates named one by one: today and the next days, ${SHIPPING_MAX_DAYS} at most.`,
    ),
  },
  { additionalProperties: false },
);
export type ShippingSummaryQuery = Static<typeof ShippingSummaryQuery>;

const ShippingCounts = {
  to_ship: Type.Integer({ minimum: 0, description: 'Orders confirmed or partially shipped.' }),
  backordered: Type.Integer({
    minimum: 0,
    description: 'Orders with a backordered line (those on hold from confirmed or partially shipped included).',
  }),
};

export const ShippingSummaryResponse = Type.Object({
  today: Type.String({ format: 'date', description: 'Today, UTC: what the ship dates are compared with.' }),
  totals: Type.Object(ShippingCounts),
  buckets: Type.Array(
    Type.Object({
      bucket: Type.Union([
        Type.Literal('overdue'),
        Type.Literal('day'),
        Type.Literal('later'),
        Type.Literal('unscheduled'),
      ]),
      date: Nullable(Type.String({ format: 'date', description: 'The requested ship date of a `day` bucket.' })),
      ...ShippingCounts,
    }),
    {
      description:
        'By requested ship date: before today (overdue), each of the `days` days from today, after them (later), none (unscheduled); every bucket present, zeros included.',
    },
  ),
});
export type ShippingSummaryResponse = Static<typeof ShippingSummaryResponse>;
nameSchema(ShippingSummaryResponse, 'SalesShippingSummary', {
  today: '2026-12-03',
  totals: { to_ship: 9, backordered: 3 },
  buckets: [
    { bucket: 'overdue', date: null, to_ship: 2, backordered: 1 },
    { bucket: 'day', date: '2026-12-03', to_ship: 4, backordered: 1 },
    { bucket: 'day', date: '2026-12-04', to_ship: 1, backordered: 0 },
    { bucket: 'later', date: null, to_ship: 0, backordered: 0 },
    { bucket: 'unscheduled', date: null, to_ship: 2, backordered: 1 },
  ],
});
