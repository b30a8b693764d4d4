// Request and response schemas of an order's returns.
import { Type, type Static } from 'typebox';
import { Nullable, Timestamp, Ulid } from '../../../http/common-schemas.js';
import { nameSchema, withExample } from '../../../http/named-schemas.js';
import { pageQuery } from '../../../http/pagination.js';

/** At most this many lines in one return. */
export const MAX_RETURN_LINES = 200;

export const ReturnLineInput = Type.Object(
  {
    order_line_id: Type.String({ minLength: 1, maxLength: 255, description: 'A line of this order.' }),
    quantity: Type.Integer({
      minimum: 1,
      maximum: 2_000_000_000,
      description: "With the request's other entries of the line: at most its shipped - returned quantity.",
    }),
    restock: Type.Boolean({
      description: "true: back into stock in the return's warehouse (a `return` movement); false: recorded only.",
    }),
  },
  { additionalProperties: false },
);

export const ReturnCreateBody = Type.Object(
  {
    warehouse_id: Ulid,
    reason: Type.String({ minLength: 1, maxLength: 255, pattern: '\\S' }),
    notes: Type.Optional(Nullable(Type.String({ maxLength: 5000 }))),
    lines: Type.Array(ReturnLineInput, { minItems: 1, maxItems: MAX_RETURN_LINES }),
  },
  { additionalProperties: false },
);
export type ReturnCreateBody = Static<typeof ReturnCreateBody>;
withExample(ReturnCreateBody, {
  warehouse_id: '01jd8w0m1n2p3q4r5s6t7v8w9x',
  reason: 'Damaged in transit',
  notes: 'Box crushed; one drill kept for inspection.',
  lines: [
    { order_line_id: '01jd9b2c3d4e5f6g7h8j9k0m1n', quantity: 2, restock: true },
    { order_line_id: '01jd9b2c3d4e5f6g7h8j9k0m1n', quantity: 1, restock: false },
  ],
});

export const ReturnListQuery = Type.Object({ ...pageQuery(25) });

const ReturnLineResponse = Type.Object({
  id: Ulid,
  order_line_id: Ulid,
  product_id: Ulid,
  product_sku: Nullable(Type.String()),
  product_name: Type.String(),
  position: Type.Integer(),
  quantity: Type.Integer(),
  restock: Type.Boolean(),
});

export const ReturnResponse = Type.Object({
  id: Ulid,
  return_number: Type.String({ description: '`RT-<yyyymm>-<seq>`, gapless per tenant and month.' }),
  order_id: Ulid,
  warehouse_id: Ulid,
  reason: Type.String(),
  notes: Nullable(Type.String()),
  total_quantity: Type.Integer(),
  restocked_quantity: Type.Integer({ description: 'The units of the lines with `restock`: put back into stock.' }),
  lines: Type.Array(ReturnLineResponse),
  created_by: Nullable(Type.String()),
  created_at: Timestamp,
});
export type ReturnResponse = Static<typeof ReturnResponse>;
nameSchema(ReturnResponse, 'SalesReturn', {
  id: '01jd9c4d5e6f7g8h9j0k1m2n3p',
  return_number: 'RT-202612-0003',
  order_id: '01jd9a1b2c3d4e5f6g7h8j9k0m',
  warehouse_id: '01jd8w0m1n2p3q4r5s6t7v8w9x',
  reason: 'Damaged in transit',
  notes: 'Box crushed; one drill kept for inspection.',
  total_quantity: 3,
  restocked_quantity: 2,
  lines: [
    {
      id: '01jd9c5e6f7g8h9j0k1m2n3p4q',
      order_line_id: '01jd9b2c3d4e5f6g7h8j9k0m1n',
      product_id: '01jd8x4k3m2n5p6q7r8s9t0v1w',
      product_sku: 'DRL-18V',
      product_name: 'Cordless drill 18V',
      position: 1,
      quantity: 2,
      restock: true,
    },
    {
      id: '01jd9c6f7g8h9j0k1m2n3p4q5r',
      order_line_id: '01jd9b2c3d4e5f6g7h8j9k0m1n',
      product_id: '01jd8x4k3m2n5p6q7r8s9t0v1w',
      product_sku: 'DRL-18V',
      product_name: 'Cordless drill 18V',
      position: 2,
      quantity: 1,
      restock: false,
    },
  ],
  created_by: '01jd8v8h9j0k1m2n3p4q5r6s7t',
  created_at: '2026-12-02T10:15:00.000Z',
});
