// The stock movement resource and the ledger's read queries.
import { Type, type Static } from 'typebox';
import type { StockMovementType } from '../../../db/schema.js';
import { Defaulted, Nullable, Timestamp, Ulid, WindowLength } from '../../../http/common-schemas.js';
import { nameSchema } from '../../../http/named-schemas.js';
import { afterQuery, pageQuery } from '../../../http/pagination.js';

export const MOVEMENT_TYPE_LABELS: Readonly<Record<StockMovementType, string>> = {
  initial_stock: 'Initial Stock',
  purchase_receipt: 'Purchase Receipt',
  adjustment: 'Adjustment',
  physical_count: 'Physical Count',
  transfer_out: 'Transfer Out',
  transfer_in: 'Transfer In',
  reservation: 'Reservation',
  release: 'Release',
  shipment: 'Shipment',
  return: 'Return',
};
export const MOVEMENT_TYPES = Object.keys(MOVEMENT_TYPE_LABELS) as StockMovementType[];

export const HISTORY_DEFAULT_LIMIT = 50;
export const HISTORY_MAX_LIMIT = 500;
export const ACTIVITY_DEFAULT_DAYS = 7;
export const ACTIVITY_MAX_DAYS = 365;
/** The newest movements answered by warehouse activity; the summary always counts the whole window. */
export const ACTIVITY_MAX_MOVEMENTS = 500;

const DateBound = (edge: string) =>
  Type.String({
    maxLength: 40,
    description: `YYYY-MM-DD (${edge} of that day, UTC) or an ISO 8601 date-time; filters created_at.`,
  });

export const MovementListQuery = Type.Object({
  ...pageQuery(25),
  ...afterQuery,
  movement_type: Type.Optional(
    Type.String({
      maxLength: 255,
      description: `One type or a comma-separated list of: ${MOVEMENT_TYPES.join(', ')}.`,
    }),
  ),
  product_id: Type.Optional(Type.String({ maxLength: 64 })),
  warehouse_id: Type.Optional(Type.String({ maxLength: 64 })),
  reference_type: Type.Optional(Type.String({ maxLength: 255 })),
  reference_id: Type.Optional(Type.String({ maxLength: 255 })),
  created_by: Type.Optional(Type.String({ maxLength: 64, description: 'The id of the user who made the movements.' })),
  from: Type.Optional(DateBound('start')),
  to: Type.Optional(DateBound('end')),
});
export type MovementListQuery = Static<typeof MovementListQuery>;

export const ProductHistoryParams = Type.Object({ productId: Type.String({ description: 'ULID of the product.' }) });
export const ProductHistoryQuery = Type.Object({
  limit: Defaulted(
    Type.Integer({
      minimum: 1,
      maximum: HISTORY_MAX_LIMIT,
      default: HISTORY_DEFAULT_LIMIT,
      description: `Newest movements to answer, 1 to ${HISTORY_MAX_LIMIT}.`,
    }),
  ),
});

export const WarehouseActivityQuery = Type.Object({
  warehouse_id: Type.Optional(Type.String({ maxLength: 64, description: 'Omitted or empty: the default warehouse.' })),
  days: Defaulted(
    Type.Integer({
      minimum: 1,
      maximum: ACTIVITY_MAX_DAYS,
      default: ACTIVITY_DEFAULT_DAYS,
      description: `The last N days, 1 to ${ACTIVITY_MAX_DAYS}.`,
    }),
  ),
});

const MovementTypeValue = Type.Enum(MOVEMENT_TYPES);

export const MovementResponse = Type.Object({
  id: Ulid,
  product_id: Type.String(),
  warehouse_id: Type.String(),
  movement_type: Type.Object({ value: MovementTypeValue, label: Type.String() }),
  is_inbound: Type.Boolean({
    description: 'On-hand stock went up. False for reservation and release, which leave on-hand alone.',
  }),
  is_outbound: Type.Boolean({ description: 'On-hand stock went down. False for reservation and release.' }),
  quantity: Type.Integer({
    description: 'Signed change: of on-hand stock, or of reserved stock for reservation and release.',
  }),
  quantity_before: Type.Integer(),
  quantity_after: Type.Integer(),
  reason: Nullable(Type.String()),
  notes: Nullable(Type.String()),
  reference_type: Nullable(Type.String()),
  reference_id: Nullable(Type.String()),
  created_by: Nullable(Type.String()),
  creator: Nullable(Type.Object({ id: Type.String(), name: Type.String(), email: Type.String() })),
  created_at: Timestamp,
  product: Nullable(Type.Object({ id: Type.String(), name: Type.String(), sku: Type.String() })),
  warehouse: Nullable(Type.Object({ id: Type.String(), name: Type.String(), code: Type.String() })),
});
export type MovementResponse = Static<typeof MovementResponse>;
const movementExample: MovementResponse = {
  id: '01jd8z6f7g8h9j0k1m2n3p4q5r',
  product_id: '01jd8x4k3m2n5p6q7r8s9t0v1w',
  warehouse_id: '01jd8w0m1n2p3q4r5s6t7v8w9x',
  movement_type: { value: 'adjustment', label: 'Adjustment' },
  is_inbound: false,
  is_outbound: true,
  quantity: -2,
  quantity_before: 25,
  quantity_after: 23,
  reason: 'Damaged in handling',
  notes: 'Dropped from the top shelf.',
  reference_type: null,
  reference_id: null,
  created_by: '01jd8v8h9j0k1m2n3p4q5r6s7t',
  creator: { id: '01jd8v8h9j0k1m2n3p4q5r6s7t', name: 'Ada Admin', email: 'admin@example.com' },
  created_at: '2026-11-24T09:41:07.000Z',
  product: { id: '01jd8x4k3m2n5p6q7r8s9t0v1w', name: 'Cordless drill 18V', sku: 'DRL-18V' },
  warehouse: { id: '01jd8w0m1n2p3q4r5s6t7v8w9x', name: 'Main warehouse', code: 'MAIN' },
};
nameSchema(MovementResponse, 'StockMovement', movementExample);

const countsByType = Type.Object(Object.fromEntries(MOVEMENT_TYPES.map((type) => [type, Type.Integer()])));

export const WarehouseActivityResponse = Type.Object({
  warehouse: Type.Object({ id: Type.String(), name: Type.String(), code: Type.String() }),
  days: Type.Integer(),
  from: Timestamp,
  to: Timestamp,
  summary: Type.Object({
    total_movements: Type.Integer(),
    by_type: countsByType,
    total_in: Type.Integer({ description: 'Units added to on-hand stock.' }),
    total_out: Type.Integer({ description: 'Units taken from on-hand stock, as a positive number.' }),
    net_change: Type.Integer({ description: 'total_in - total_out.' }),
  }),
  movements: Type.Array(MovementResponse, { description: `Newest first, at most ${ACTIVITY_MAX_MOVEMENTS}.` }),
});
export type WarehouseActivityResponse = Static<typeof WarehouseActivityResponse>;
nameSchema(WarehouseActivityResponse, 'WarehouseActivity', {
  warehouse: { id: '01jd8w0m1n2p3q4r5s6t7v8w9x', name: 'Main warehouse', code: 'MAIN' },
  days: 7,
  from: '2026-11-17T10:00:00.000Z',
  to: '2026-11-24T10:00:00.000Z',
  summary: {
    total_movements: 1,
    by_type: {
      initial_stock: 0,
      purchase_receipt: 0,
      adjustment: 1,
      physical_count: 0,
      transfer_out: 0,
      transfer_in: 0,
      reservation: 0,
      release: 0,
      shipment: 0,
      return: 0,
    },
    total_in: 0,
    total_out: 2,
    net_change: -2,
  },
  movements: [movementExample],
});

/** Days of a product's stock levels: the default, and the most one request answers. */
export const LEVELS_DEFAULT_DAYS = 90;
export const LEVELS_MAX_DAYS = 366;

export const ProductLevelsQuery = Type.Object(
  {
    days: WindowLength(
      LEVELS_MAX_DAYS,
      LEVELS_DEFAULT_DAYS,
      `The last N UTC days, today's included, 1 to ${LEVELS_MAX_DAYS}.`,
    ),
  },
  { additionalProperties: false },
);
export type ProductLevelsQuery = Static<typeof ProductLevelsQuery>;

const LevelPoint = Type.Object({
  date: Type.String({ format: 'date', description: 'A UTC day.' }),
  quantity_on_hand: Type.Integer({ description: 'On hand at the end of the day (now, for today).' }),
});

export const ProductLevelsResponse = Type.Object({
  product_id: Type.String(),
  from: Type.String({ format: 'date' }),
  to: Type.String({ format: 'date' }),
  warehouses: Type.Array(
    Type.Object({
      warehouse: Type.Object({ id: Type.String(), name: Type.String(), code: Type.String() }),
      points: Type.Array(LevelPoint),
    }),
    { description: 'Each warehouse the product has moved in, by code: one point per day.' },
  ),
  total: Type.Array(LevelPoint, { description: 'The sum over the warehouses, per day.' }),
});
export type ProductLevelsResponse = Static<typeof ProductLevelsResponse>;
nameSchema(ProductLevelsResponse, 'ProductStockLevels', {
  product_id: '01jd8x4k3m2n5p6q7r8s9t0v1w',
  from: '2026-11-30',
  to: '2026-12-02',
  warehouses: [
    {
      warehouse: { id: '01jd8w0m1n2p3q4r5s6t7v8w9x', name: 'Main warehouse', code: 'MAIN' },
      points: [
        { date: '2026-11-30', quantity_on_hand: 40 },
        { date: '2026-12-01', quantity_on_hand: 25 },
        { date: '2026-12-02', quantity_on_hand: 65 },
      ],
    },
  ],
  total: [
    { date: '2026-11-30', quantity_on_hand: 40 },
    { date: '2026-12-01', quantity_on_hand: 25 },
    { date: '2026-12-02', quantity_on_hand: 65 },
  ],
});

/** Weeks of units in and out: the default, and the most one request answers. */
export const FLOW_DEFAULT_WEEKS = 12;
export const FLOW_MAX_WEEKS = 104;

export const WeeklyFlowQuery = Type.Object(
  {
    weeks: WindowLength(
      FLOW_MAX_WEEKS,
      FLOW_DEFAULT_WEEKS,
      `The last N weeks (Monday to Sunday, UTC), the current one included, 1 to ${FLOW_MAX_WEEKS}.`,
    ),
    warehouse_id: Type.Optional(
      Type.String({ maxLength: 64, description: 'One warehouse; omitted or empty: every warehouse.' }),
    ),
  },
  { additionalProperties: false },
);
export type WeeklyFlowQuery = Static<typeof WeeklyFlowQuery>;

export const WeeklyFlowResponse = Type.Object({
  from: Type.String({ format: 'date', description: 'The Monday the first week starts on.' }),
  to: Type.String({ format: 'date', description: 'Today (UTC): the current week counts up to now.' }),
  warehouse: Nullable(Type.Object({ id: Type.String(), name: Type.String(), code: Type.String() })),
  weeks: Type.Array(
    Type.Object({
      week_start: Type.String({ format: 'date', description: 'The Monday of the week.' }),
      units_in: Type.Integer({
        minimum: 0,
        description: 'Units added to on-hand stock (receipts, returns, transfers in, positive adjustments and counts).',
      }),
      units_out: Type.Integer({
        minimum: 0,
        description: 'Units taken from on-hand stock (shipments, transfers out, negative adjustments and counts).',
      }),
    }),
    { description: 'One entry per week, oldest first; a week without movements has zeros.' },
  ),
});
export type WeeklyFlowResponse = Static<typeof WeeklyFlowResponse>;
nameSchema(WeeklyFlowResponse, 'WeeklyStockFlow', {
  from: '2026-11-16',
  to: '2026-12-03',
  warehouse: null,
  weeks: [
    { week_start: '2026-11-16', units_in: 120, units_out: 84 },
    { week_start: '2026-11-23', units_in: 0, units_out: 61 },
    { week_start: '2026-11-30', units_in: 48, units_out: 17 },
  ],
});
