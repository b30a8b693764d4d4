import { Type, type Static } from 'typebox';
import { Defaulted, Nullable, Timestamp, Ulid } from '../../../http/common-schemas.js';
import { nameSchema, withExample } from '../../../http/named-schemas.js';
import { pageQuery } from '../../../http/pagination.js';
import { SORT_DIRECTIONS, updatedSinceQuery } from '../../../http/updated-since.js';
import { ATTRIBUTE_TYPES } from './attribute-types.js';

const Text = (maxLength: number, description?: string) =>
  Type.String({ minLength: 1, maxLength, pattern: '\\S', ...(description ? { description } : {}) });

const fields = {
  code: Type.String({
    minLength: 1,
    maxLength: 100,
    pattern: '^[A-Za-z0-9_-]+$',
    description:
      'Letters, digits, dashes and underscores; unique per tenant among live attributes (case-sensitive); immutable.',
  }),
  name: Text(255, 'Stored trimmed.'),
  label: Text(255, 'Shown to people and named in value errors. Stored trimmed.'),
  type: Type.Enum(ATTRIBUTE_TYPES, { description: 'Immutable after creation.' }),
  description: Nullable(Type.String({ maxLength: 2000 })),
  options: Nullable(
    Type.Array(Text(255), {
      maxItems: 500,
      uniqueItems: true,
      description:
        'Distinct non-empty strings, trimmed. Required (non-empty) for select and multiselect; refused (unless empty or null) for other types.',
    }),
  ),
  validation_rules: Nullable(
    Type.Array(Type.String({ minLength: 1, maxLength: 520 }), {
      maxItems: 20,
      description:
        '`min:<number>` and `max:<number>` (value bounds for number; length for text, image, url, email, phone; item count for multiselect) and `regex:<pattern>` (text-like types; a bare JavaScript pattern or /pattern/flags). Each rule at most once.',
    }),
  ),
  unit: Nullable(Type.String({ maxLength: 50, description: 'Shown after numbers in the formatted value.' })),
  default_value: Type.Unknown({
    description:
      'A value valid for the attribute itself (same rules as product values); null for none. Applied on product creation when the attribute is not sent.',
  }),
  is_required: Type.Boolean(),
  is_filterable: Type.Boolean({ description: 'Only for boolean, select, multiselect, color and number.' }),
  is_searchable: Type.Boolean({ description: 'Only for text, select and multiselect.' }),
  is_visible_on_frontend: Type.Boolean(),
  sort_order: Type.Integer({ minimum: 0, maximum: 1_000_000 }),
};

export const AttributeCreateBody = Type.Object(
  {
    code: fields.code,
    name: fields.name,
    label: fields.label,
    type: fields.type,
    description: Type.Optional(fields.description),
    options: Type.Optional(fields.options),
    validation_rules: Type.Optional(fields.validation_rules),
    unit: Type.Optional(fields.unit),
    default_value: Type.Optional(fields.default_value),
    is_required: Type.Optional(fields.is_required),
    is_filterable: Type.Optional(fields.is_filterable),
    is_searchable: Type.Optional(fields.is_searchable),
    is_visible_on_frontend: Type.Optional(fields.is_visible_on_frontend),
    sort_order: Type.Optional(fields.sort_order),
  },
  { additionalProperties: false },
);
export type AttributeCreateBody = Static<typeof AttributeCreateBody>;
withExample(AttributeCreateBody, {
  code: 'voltage',
  name: 'Voltage',
  label: 'Voltage',
  type: 'number',
  description: 'Rated battery voltage.',
  validation_rules: ['min:0', 'max:60'],
  unit: 'V',
  default_value: null,
  is_required: false,
  is_filterable: true,
  is_visible_on_frontend: true,
  sort_order: 10,
});

export const AttributeUpdateBody = Type.Partial(Type.Object(fields), {
  additionalProperties: false,
  description: 'Partial: only the fields sent change. `code` and `type` may be sent only with their current values.',
});
export type AttributeUpdateBody = Static<typeof AttributeUpdateBody>;
withExample(AttributeUpdateBody, { label: 'Battery voltage', sort_order: 5 });

export const AttributeListQuery = Type.Object({
  ...pageQuery(50),
  type: Type.Optional(fields.type),
  filterable: Type.Optional(Type.Boolean()),
  searchable: Type.Optional(Type.Boolean()),
  required: Type.Optional(Type.Boolean()),
  search: Type.Optional(
    Type.String({ maxLength: 255, description: 'Matches code, name or label (case-insensitive).' }),
  ),
  ...updatedSinceQuery,
  sort_by: Defaulted(
    Type.Enum(['sort_order', 'updated_at'], {
      default: 'sort_order',
      description: 'Default sort_order, then code. Ties break on id.',
    }),
  ),
  sort_direction: Defaulted(Type.Enum(SORT_DIRECTIONS, { default: 'asc', description: 'Default asc.' })),
});
export type AttributeListQuery = Static<typeof AttributeListQuery>;

export const AttributeResponse = Type.Object({
  id: Ulid,
  code: Type.String(),
  name: Type.String(),
  label: Type.String(),
  type: Type.Enum(ATTRIBUTE_TYPES),
  description: Nullable(Type.String()),
  options: Nullable(Type.Array(Type.String())),
  validation_rules: Type.Array(Type.String()),
  unit: Nullable(Type.String()),
  default_value: Type.Unknown({
    description: 'Typed: number, boolean, list of options, JSON value, else string; null for none.',
  }),
  is_required: Type.Boolean(),
  is_filterable: Type.Boolean(),
  is_searchable: Type.Boolean(),
  is_visible_on_frontend: Type.Boolean(),
  sort_order: Type.Integer(),
  values_count: Type.Optional(Type.Integer({ description: 'Values held by live products; on single-record answers.' })),
  created_at: Timestamp,
  updated_at: Timestamp,
});
nameSchema(AttributeResponse, 'Attribute', {
  id: '01jd8w9j0k1m2n3p4q5r6s7t8v',
  code: 'voltage',
  name: 'Voltage',
  label: 'Voltage',
  type: 'number',
  description: 'Rated battery voltage.',
  options: null,
  validation_rules: ['min:0', 'max:60'],
  unit: 'V',
  default_value: null,
  is_required: false,
  is_filterable: true,
  is_searchable: false,
  is_visible_on_frontend: true,
  sort_order: 10,
  values_count: 37,
  created_at: '2026-11-02T09:14:00.000Z',
  updated_at: '2026-11-20T16:03:12.000Z',
});

export const AttributeTypeResponse = Type.Object({
  value: Type.Enum(ATTRIBUTE_TYPES),
  label: Type.String(),
  has_options: Type.Boolean(),
  is_searchable: Type.Boolean(),
  is_filterable: Type.Boolean(),
  is_sortable: Type.Boolean(),
  input_type: Type.String(),
  default_validation: Type.Array(Type.String()),
});
nameSchema(AttributeTypeResponse, 'AttributeType', {
  value: 'select',
  label: 'Select',
  has_options: true,
  is_searchable: true,
  is_filterable: true,
  is_sortable: true,
  input_type: 'select',
  default_validation: [],
});

export const AttributeStatisticsResponse = Type.Object({
  total_attributes: Type.Integer(),
  by_type: Type.Record(Type.String(), Type.Integer(), { description: 'Every type, zero included.' }),
  required_count: Type.Integer(),
  filterable_count: Type.Integer(),
  searchable_count: Type.Integer(),
  most_used: Type.Array(
    Type.Object({ id: Ulid, code: Type.String(), name: Type.String(), products_count: Type.Integer() }),
    { description: 'Up to 10 attributes held by at least one live product, most products first, then by code.' },
  ),
});
nameSchema(AttributeStatisticsResponse, 'AttributeStatistics', {
  total_attributes: 3,
  by_type: {
    text: 1,
    number: 1,
    boolean: 0,
    date: 0,
    select: 1,
    multiselect: 0,
    color: 0,
    image: 0,
    url: 0,
    email: 0,
    phone: 0,
    json: 0,
  },
  required_count: 1,
  filterable_count: 2,
  searchable_count: 1,
  most_used: [{ id: '01jd8w9j0k1m2n3p4q5r6s7t8v', code: 'voltage', name: 'Voltage', products_count: 37 }],
});
