import { Type, type Static } from 'typebox';
import { AddressSchema, Defaulted, Nullable, Timestamp, Ulid } from '../../../http/common-schemas.js';
import { nameSchema, withExample } from '../../../http/named-schemas.js';
import { pageQuery } from '../../../http/pagination.js';
import { SORT_DIRECTIONS, updatedSinceQuery } from '../../../http/updated-since.js';

/**
 * The postal address of suppliers and warehouses, whose country must here be a code: goods are shipped to it
 * (docs/decisions/sales.md, Customers). The service refuses a code that is not assigned.
 */
export const CustomerAddress = Type.Object(
  {
    ...AddressSchema.properties,
    country: Type.Optional(
      Nullable(
        Type.String({
          minLength: 2,
          maxLength: 2,
          description: 'ISO 3166-1 alpha-2 code, in capitals (`GB`).',
        }),
      ),
    ),
  },
  { additionalProperties: false, description: 'Every part optional and nullable.' },
);

const text = (maxLength: number) => Nullable(Type.String({ maxLength }));

const fields = {
  name: Type.String({ minLength: 1, maxLength: 255, pattern: '\\S', description: 'Stored trimmed.' }),
  email: Nullable(Type.String({ format: 'email', maxLength: 255 })),
  phone: text(50),
  company: text(255),
  external_id: Nullable(
    Type.String({
      minLength: 1,
      maxLength: 255,
      pattern: '^\\S(?:.*\\S)?$',
      description:
        "The customer's id in another system (a shop, a CRM), case-sensitive, without leading or trailing spaces; unique per tenant among live customers.",
    }),
  ),
  billing_address: Nullable(CustomerAddress),
  shipping_address: Nullable(CustomerAddress),
  notes: text(5000),
  is_active: Type.Boolean(),
};

export const CustomerCreateBody = Type.Object(
  {
    name: fields.name,
    email: Type.Optional(fields.email),
    phone: Type.Optional(fields.phone),
    company: Type.Optional(fields.company),
    external_id: Type.Optional(fields.external_id),
    billing_address: Type.Optional(fields.billing_address),
    shipping_address: Type.Optional(fields.shipping_address),
    notes: Type.Optional(fields.notes),
    is_active: Type.Optional(fields.is_active),
  },
  { additionalProperties: false },
);
export type CustomerCreateBody = Static<typeof CustomerCreateBody>;
withExample(CustomerCreateBody, {
  name: 'Ada Lovelace',
  email: 'ada@analytical.example',
  phone: '+44 20 7946 0000',
  company: 'Analytical Engines Ltd',
  external_id: 'shop-10442',
  billing_address: { street: '12 St James Square', city: 'London', postal_code: 'SW1Y 4JH', country: 'GB' },
  shipping_address: { street: '3 Dock Road', city: 'Hull', postal_code: 'HU1 1AA', country: 'GB' },
  notes: 'Deliveries to the loading bay.',
});

export const CustomerUpdateBody = Type.Partial(Type.Object(fields), {
  additionalProperties: false,
  description: 'Partial: only the fields sent change. An address sent replaces the stored one whole.',
});
export type CustomerUpdateBody = Static<typeof CustomerUpdateBody>;
withExample(CustomerUpdateBody, { phone: '+44 20 7946 0001', is_active: false });

export const CUSTOMER_SORTS = ['name', 'created_at', 'updated_at'] as const;

export const CustomerListQuery = Type.Object({
  ...pageQuery(25),
  search: Type.Optional(
    Type.String({
      maxLength: 255,
      description: 'Case-insensitive substring of the name, e-mail, company or external id.',
    }),
  ),
  is_active: Type.Optional(Type.Boolean()),
  external_id: Type.Optional(
    Type.String({ minLength: 1, maxLength: 255, description: 'The customer with exactly this external id.' }),
  ),
  ...updatedSinceQuery,
  sort_by: Defaulted(
    Type.Enum(CUSTOMER_SORTS, { default: 'name', description: '`name` sorts case-insensitively; ties by id.' }),
  ),
  sort_direction: Defaulted(Type.Enum(SORT_DIRECTIONS, { default: 'asc' })),
});
export type CustomerListQuery = Static<typeof CustomerListQuery>;

export const CustomerResponse = Type.Object({
  id: Ulid,
  name: Type.String(),
  email: Nullable(Type.String()),
  phone: Nullable(Type.String()),
  company: Nullable(Type.String()),
  external_id: Nullable(Type.String()),
  billing_address: Nullable(CustomerAddress),
  shipping_address: Nullable(CustomerAddress),
  notes: Nullable(Type.String()),
  is_active: Type.Boolean(),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type CustomerResponse = Static<typeof CustomerResponse>;
nameSchema(CustomerResponse, 'Customer', {
  id: '01jd8w4c5d6e7f8g9h0j1k2m3n',
  name: 'Ada Lovelace',
  email: 'ada@analytical.example',
  phone: '+44 20 7946 0000',
  company: 'Analytical Engines Ltd',
  external_id: 'shop-10442',
  billing_address: {
    street: '12 St James Square',
    city: 'London',
    state: null,
    postal_code: 'SW1Y 4JH',
    country: 'GB',
  },
  shipping_address: { street: '3 Dock Road', city: 'Hull', state: null, postal_code: 'HU1 1AA', country: 'GB' },
  notes: 'Deliveries to the loading bay.',
  is_active: true,
  created_at: '2026-11-02T09:14:00.000Z',
  updated_at: '2026-11-20T16:03:12.000Z',
});
