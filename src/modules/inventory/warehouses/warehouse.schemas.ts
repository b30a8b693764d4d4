import { Type, type Static } from 'typebox';
import { AddressSchema, Defaulted, Nullable, Timestamp, Ulid } from '../../../http/common-schemas.js';
import { nameSchema, withExample } from '../../../http/named-schemas.js';
import { pageQuery } from '../../../http/pagination.js';
import { updatedSinceQuery } from '../../../http/updated-since.js';

export const WAREHOUSE_TYPES = ['main', 'distribution', 'satellite', 'virtual', 'consignment'] as const;

const fields = {
  name: Type.String({ minLength: 1, maxLength: 255 }),
  code: Type.String({
    minLength: 1,
    maxLength: 50,
    pattern: '^[A-Za-z0-9_-]+$',
    description: 'Letters, digits, dashes and underscores; stored upper-case; unique per tenant.',
  }),
  type: Type.Enum(WAREHOUSE_TYPES),
  is_default: Type.Boolean({ description: 'Making a warehouse the default unsets the previous one.' }),
  is_active: Type.Boolean(),
  address: Nullable(AddressSchema),
  allocation_rank: Nullable(
    Type.Integer({
      minimum: 0,
      maximum: 1_000_000,
      description:
        'Sales orders allocated by warehouse_priority take stock from lower ranks first; unranked (null, the default) warehouses come after, by name.',
    }),
  ),
};

export const WarehouseCreateBody = Type.Object(
  {
    name: fields.name,
    code: fields.code,
    type: Type.Optional(fields.type),
    is_default: Type.Optional(fields.is_default),
    is_active: Type.Optional(fields.is_active),
    address: Type.Optional(fields.address),
    allocation_rank: Type.Optional(fields.allocation_rank),
  },
  { additionalProperties: false },
);
export type WarehouseCreateBody = Static<typeof WarehouseCreateBody>;
withExample(WarehouseCreateBody, {
  name: 'Shop floor',
  code: 'SHOP',
  type: 'satellite',
  is_active: true,
  address: { street: '5 Dock Road', city: 'Hull', postal_code: 'HU1 1AA', country: 'GB' },
});

export const WarehouseUpdateBody = Type.Partial(Type.Object(fields), { additionalProperties: false });
export type WarehouseUpdateBody = Static<typeof WarehouseUpdateBody>;
withExample(WarehouseUpdateBody, { name: 'Shop floor (front)', is_active: false });

export const WarehouseListQuery = Type.Object({
  ...pageQuery(25),
  search: Type.Optional(Type.String({ maxLength: 255, description: 'Matches name or code.' })),
  type: Type.Optional(fields.type),
  is_active: Type.Optional(Type.Boolean()),
  ...updatedSinceQuery,
  sort_by: Defaulted(
    Type.Enum(['name', 'code', 'created_at', 'updated_at'], {
      default: 'name',
      description: 'Default name. Ties break on id.',
    }),
  ),
  sort_direction: Defaulted(Type.Enum(['asc', 'desc'], { default: 'asc' })),
});
export type WarehouseListQuery = Static<typeof WarehouseListQuery>;

export const WarehouseResponse = Type.Object({
  id: Ulid,
  name: Type.String(),
  code: Type.String(),
  type: fields.type,
  is_default: Type.Boolean(),
  is_active: Type.Boolean(),
  address: Nullable(AddressSchema),
  allocation_rank: fields.allocation_rank,
  created_at: Timestamp,
  updated_at: Timestamp,
});
nameSchema(WarehouseResponse, 'Warehouse', {
  id: '01jd8w0m1n2p3q4r5s6t7v8w9x',
  name: 'Main warehouse',
  code: 'MAIN',
  type: 'main',
  is_default: true,
  is_active: true,
  address: { street: '5 Dock Road', city: 'Hull', state: null, postal_code: 'HU1 1AA', country: 'GB' },
  allocation_rank: 1,
  created_at: '2026-11-02T09:14:00.000Z',
  updated_at: '2026-11-20T16:03:12.000Z',
});
