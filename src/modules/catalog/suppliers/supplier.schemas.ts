import { Type, type Static } from 'typebox';
import { AddressSchema, Defaulted, Nullable, Timestamp, Ulid } from '../../../http/common-schemas.js';
import { nameSchema, withExample } from '../../../http/named-schemas.js';
import { pageQuery } from '../../../http/pagination.js';
import { updatedSinceQuery } from '../../../http/updated-since.js';

export const SUPPLIER_STATUSES = [
  'prospective',
  'active',
  'approved',
  'preferred',
  'inactive',
  'suspended',
  'blacklisted',
  'under_review',
] as const;
export const SUPPLIER_TYPES = [
  'manufacturer',
  'distributor',
  'wholesaler',
  'retailer',
  'service_provider',
  'consultant',
  'individual',
] as const;

/** Largest minimum order amount in currency units (a DECIMAL(12,2)). */
export const MAX_MINIMUM_ORDER_AMOUNT = 9_999_999_999.99;

const text = (maxLength: number) => Nullable(Type.String({ maxLength }));

const fields = {
  name: Type.String({ minLength: 1, maxLength: 255 }),
  code: Type.String({
    minLength: 1,
    maxLength: 50,
    pattern: '^[A-Za-z0-9_-]+$',
    description: 'Letters, digits, dashes and underscores; stored upper-case; unique per tenant among live suppliers.',
  }),
  email: Type.String({ format: 'email', maxLength: 255 }),
  phone: text(50),
  type: Nullable(Type.Enum(SUPPLIER_TYPES)),
  is_approved: Type.Boolean(),
  is_preferred: Type.Boolean(),
  address: Nullable(AddressSchema),
  payment_terms: text(255),
  lead_time_days: Nullable(Type.Integer({ minimum: 0, maximum: 3650, description: 'Days from order to delivery.' })),
  minimum_order_amount: Nullable(
    Type.Number({
      minimum: 0,
      maximum: MAX_MINIMUM_ORDER_AMOUNT,
      description: 'USD; rounded half away from zero to cents.',
    }),
  ),
};

export const SupplierCreateBody = Type.Object(
  {
    name: fields.name,
    code: fields.code,
    email: fields.email,
    phone: Type.Optional(fields.phone),
    type: Type.Optional(fields.type),
    is_approved: Type.Optional(fields.is_approved),
    is_preferred: Type.Optional(fields.is_preferred),
    address: Type.Optional(fields.address),
    payment_terms: Type.Optional(fields.payment_terms),
    lead_time_days: Type.Optional(fields.lead_time_days),
    minimum_order_amount: Type.Optional(fields.minimum_order_amount),
  },
  { additionalProperties: false, description: 'A new supplier starts `inactive`; a `status` sent here is ignored.' },
);
export type SupplierCreateBody = Static<typeof SupplierCreateBody>;
withExample(SupplierCreateBody, {
  name: 'Fastener Supply Co',
  code: 'FSC',
  email: 'orders@fastener.example',
  phone: '+44 113 496 0000',
  type: 'distributor',
  address: { street: '1 Industrial Way', city: 'Leeds', postal_code: 'LS1 1AA', country: 'GB' },
  payment_terms: 'Net 30',
  lead_time_days: 7,
  minimum_order_amount: 250,
});

export const SupplierUpdateBody = Type.Partial(Type.Object(fields), {
  additionalProperties: false,
  description: 'Partial update; a `status` sent here is ignored (use activate, deactivate, suspend).',
});
export type SupplierUpdateBody = Static<typeof SupplierUpdateBody>;
withExample(SupplierUpdateBody, { lead_time_days: 5, is_preferred: true });

export const SupplierListQuery = Type.Object({
  ...pageQuery(25),
  status: Type.Optional(Type.Enum(SUPPLIER_STATUSES)),
  type: Type.Optional(Type.Enum(SUPPLIER_TYPES)),
  is_approved: Type.Optional(Type.Boolean()),
  is_preferred: Type.Optional(Type.Boolean()),
  search: Type.Optional(
    Type.String({
      maxLength: 255,
      description:
        'Case-insensitive substring of the name, code or email; one or two characters: the start of the name or code.',
    }),
  ),
  ...updatedSinceQuery,
  sort_by: Defaulted(
    Type.Enum(['name', 'rating', 'created_at', 'lead_time_days', 'updated_at'], {
      default: 'name',
      description: 'Suppliers without a rating or lead time sort last in both directions.',
    }),
  ),
  sort_direction: Defaulted(Type.Enum(['asc', 'desc'], { default: 'asc' })),
});
export type SupplierListQuery = Static<typeof SupplierListQuery>;

export const SupplierSuspendBody = Type.Object(
  {
    reason: Type.String({ minLength: 1, maxLength: 1000 }),
    suspended_until: Type.Optional(
      Nullable(Type.String({ format: 'date', description: 'YYYY-MM-DD, today or later.' })),
    ),
  },
  { additionalProperties: false },
);
export type SupplierSuspendBody = Static<typeof SupplierSuspendBody>;
withExample(SupplierSuspendBody, { reason: 'Two late deliveries in a row.', suspended_until: '2027-01-31' });

export const SupplierRateBody = Type.Object(
  {
    rating: Type.Number({ minimum: 1, maximum: 5 }),
    notes: Type.Optional(text(1000)),
  },
  { additionalProperties: false },
);
export type SupplierRateBody = Static<typeof SupplierRateBody>;
withExample(SupplierRateBody, { rating: 4.5, notes: 'Reliable; packaging could be better.' });

export const SupplierResponse = Type.Object({
  id: Ulid,
  name: Type.String(),
  code: Type.String(),
  email: Type.String(),
  phone: Nullable(Type.String()),
  status: Type.Enum(SUPPLIER_STATUSES),
  type: Nullable(Type.Enum(SUPPLIER_TYPES)),
  rating: Nullable(Type.Number({ description: 'Average of all ratings, 2 decimals; null before the first.' })),
  rating_count: Type.Integer(),
  is_approved: Type.Boolean(),
  is_preferred: Type.Boolean(),
  address: Nullable(AddressSchema),
  payment_terms: Nullable(Type.String()),
  lead_time_days: Nullable(Type.Integer()),
  minimum_order_amount: Nullable(Type.Number()),
  suspension_reason: Nullable(Type.String()),
  suspended_until: Nullable(Type.String({ format: 'date' })),
  created_at: Timestamp,
  updated_at: Timestamp,
});
nameSchema(SupplierResponse, 'Supplier', {
  id: '01jd8w3b4c5d6e7f8g9h0j1k2m',
  name: 'Fastener Supply Co',
  code: 'FSC',
  email: 'orders@fastener.example',
  phone: '+44 113 496 0000',
  status: 'active',
  type: 'distributor',
  rating: 4.25,
  rating_count: 4,
  is_approved: true,
  is_preferred: false,
  address: { street: '1 Industrial Way', city: 'Leeds', state: null, postal_code: 'LS1 1AA', country: 'GB' },
  payment_terms: 'Net 30',
  lead_time_days: 7,
  minimum_order_amount: 250,
  suspension_reason: null,
  suspended_until: null,
  created_at: '2026-11-02T09:14:00.000Z',
  updated_at: '2026-11-20T16:03:12.000Z',
});

export const SupplierRatingResponse = Type.Object({
  supplier_id: Ulid,
  rating: Type.Number({ description: 'The new average, 2 decimals.' }),
  rating_count: Type.Integer(),
  submitted: Type.Number({ description: 'The rating just submitted.' }),
});
nameSchema(SupplierRatingResponse, 'SupplierRating', {
  supplier_id: '01jd8w3b4c5d6e7f8g9h0j1k2m',
  rating: 4.3,
  rating_count: 5,
  submitted: 4.5,
});

const NullableNumber = Nullable(Type.Number());

export const SupplierPerformanceResponse = Type.Object({
  orders: Type.Object({
    total: Type.Integer(),
    on_time: Type.Integer(),
    late: Type.Integer(),
    on_time_rate: NullableNumber,
  }),
  delivery: Type.Object({ average_lead_time_days: NullableNumber, promised_vs_actual: NullableNumber }),
  quality: Type.Object({ return_rate: NullableNumber, defect_rate: NullableNumber }),
  financial: Type.Object({ total_spend: Type.Number(), average_order_value: NullableNumber }),
  compliance: Type.Object({ approved: Type.Boolean(), last_audit_date: Nullable(Type.String({ format: 'date' })) }),
  activity: Type.Object({
    last_order_date: Nullable(Type.String({ format: 'date' })),
    orders_last_90_days: Type.Integer(),
  }),
});
nameSchema(SupplierPerformanceResponse, 'SupplierPerformance', {
  orders: { total: 12, on_time: 10, late: 2, on_time_rate: 83.33 },
  delivery: { average_lead_time_days: 6.5, promised_vs_actual: 0.5 },
  quality: { return_rate: null, defect_rate: 0.8 },
  financial: { total_spend: 18450.75, average_order_value: 1537.56 },
  compliance: { approved: true, last_audit_date: null },
  activity: { last_order_date: '2026-11-18', orders_last_90_days: 4 },
});
