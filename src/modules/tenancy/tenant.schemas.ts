import { Type, type Static } from 'typebox';
import { Nullable, Timestamp, Ulid } from '../../http/common-schemas.js';
import { nameSchema, withExample } from '../../http/named-schemas.js';

/** The allocation strategies a tenant may choose (docs/sales.md, Allocation). */
export const ALLOCATION_STRATEGIES = ['warehouse_priority', 'most_stock', 'fewest_shipments'] as const;

/** The longest footer printed on purchase-order documents and e-mails. */
export const MAX_FOOTER_LENGTH = 2000;

const text = (maxLength: number, description?: string) =>
  Nullable(Type.String({ maxLength, ...(description ? { description } : {}) }));

const fields = {
  name: Type.String({
    minLength: 1,
    maxLength: 255,
    pattern: '\\S',
    description: 'The company name printed on documents. Stored trimmed.',
  }),
  default_currency: Type.String({
    minLength: 3,
    maxLength: 3,
    description:
      'ISO 4217 code: the currency of a product, master product or purchase order created without one, and of price filters sent without one.',
  }),
  time_zone: text(
    64,
    'IANA time zone (`Europe/Berlin`); null is UTC. Timestamps on purchase-order documents (the approval date) are printed in it.',
  ),
  address_line1: text(255),
  address_line2: text(255),
  city: text(120),
  region: text(120, 'State, province or county.'),
  postal_code: text(32),
  country: text(2, 'ISO 3166-1 alpha-2 code, in capitals (`GB`).'),
  tax_id: text(64, 'VAT number or other tax identifier, printed on purchase-order documents.'),
  purchase_order_footer: text(
    MAX_FOOTER_LENGTH,
    `Printed at the foot of purchase-order documents and e-mails; at most ${MAX_FOOTER_LENGTH} characters.`,
  ),
  sales_approval_threshold: Nullable(
    Type.Number({
      minimum: 0,
      maximum: 9_999_999_999.99,
      description:
        'In units of the default currency: a draft sales order whose total exceeds it must be approved before it is confirmed (and one in another currency always must); null, the default: no approval.',
    }),
  ),
  allocation_strategy: Type.Enum(ALLOCATION_STRATEGIES, {
    description:
      'How confirmed sales orders are reserved across warehouses: `warehouse_priority` (by allocation_rank, the default), `most_stock` or `fewest_shipments`.',
  }),
  auto_allocate_backorders: Type.Boolean({
    description:
      'Stock arriving (receipt, adjustment, count, transfer) is allocated to backordered sales order lines at once; default true.',
  }),
};

export const TenantUpdateBody = Type.Partial(Type.Object(fields), {
  additionalProperties: false,
  description:
    'Partial: only the fields sent change. Text is stored trimmed; blank text (but a blank name) clears the field.',
});
export type TenantUpdateBody = Static<typeof TenantUpdateBody>;
withExample(TenantUpdateBody, {
  default_currency: 'EUR',
  time_zone: 'Europe/Berlin',
  address_line1: 'Hafenstraße 12',
  city: 'Hamburg',
  postal_code: '20457',
  country: 'DE',
  tax_id: 'DE123456789',
  purchase_order_footer: 'Please quote the order number on every delivery note and invoice.',
  sales_approval_threshold: 5000,
  allocation_strategy: 'most_stock',
});

export const TenantResponse = Type.Object({
  id: Ulid,
  name: Type.String(),
  default_currency: Type.String({ description: 'ISO 4217 code, used where a request omits a currency.' }),
  time_zone: Nullable(Type.String({ description: 'IANA time zone; null is UTC.' })),
  address_line1: Nullable(Type.String()),
  address_line2: Nullable(Type.String()),
  city: Nullable(Type.String()),
  region: Nullable(Type.String()),
  postal_code: Nullable(Type.String()),
  country: Nullable(Type.String({ description: 'ISO 3166-1 alpha-2.' })),
  tax_id: Nullable(Type.String()),
  purchase_order_footer: Nullable(Type.String()),
  sales_approval_threshold: fields.sales_approval_threshold,
  allocation_strategy: fields.allocation_strategy,
  auto_allocate_backorders: fields.auto_allocate_backorders,
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type TenantResponse = Static<typeof TenantResponse>;
nameSchema(TenantResponse, 'Tenant', {
  id: '01jd8w0a1b2c3d4e5f6g7h8j9k',
  name: 'Acme Trading GmbH',
  default_currency: 'EUR',
  time_zone: 'Europe/Berlin',
  address_line1: 'Hafenstraße 12',
  address_line2: null,
  city: 'Hamburg',
  region: null,
  postal_code: '20457',
  country: 'DE',
  tax_id: 'DE123456789',
  purchase_order_footer: 'Please quote the order number on every delivery note and invoice.',
  sales_approval_threshold: 5000,
  allocation_strategy: 'warehouse_priority',
  auto_allocate_backorders: true,
  created_at: '2026-01-05T08:00:00.000Z',
  updated_at: '2026-11-20T16:03:12.000Z',
});
