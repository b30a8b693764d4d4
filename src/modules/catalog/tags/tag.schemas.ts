import { Type, type Static } from 'typebox';
import { BulkIds } from '../../../http/bulk.js';
import { Nullable, Timestamp, Ulid } from '../../../http/common-schemas.js';
import { pageQuery } from '../../../http/pagination.js';
import { updatedSinceQuery } from '../../../http/updated-since.js';
import { SLUG_PATTERN } from '../../../lib/slug.js';

export const DEFAULT_TAG_COLOR = '#3B82F6';
const COLOR_PATTERN = '^#[0-9A-Fa-f]{6}$';

const fields = {
  name: Type.String({ minLength: 1, maxLength: 100, description: 'Unique per tenant (case-insensitive).' }),
  slug: Type.String({
    minLength: 1,
    maxLength: 100,
    pattern: SLUG_PATTERN,
    description: 'Lowercase letters, digits and single hyphens between them; unique per tenant.',
  }),
  description: Nullable(Type.String({ maxLength: 500 })),
  color: Type.String({ pattern: COLOR_PATTERN, description: 'Hex `#RRGGBB`; stored upper-case.' }),
  is_active: Type.Boolean({ description: 'Inactive tags keep their product links but cannot be newly linked.' }),
};

export const TagCreateBody = Type.Object(
  {
    name: fields.name,
    slug: Type.Optional(
      Type.String({
        ...fields.slug,
        description: 'Lowercase letters, digits and single hyphens between them; unique per tenant. Omitted: made from the name (`-2`, `-3`… when taken).',
      }),
    ),
    description: Type.Optional(fields.description),
    color: Type.Optional(Type.String({ pattern: COLOR_PATTERN, description: `Hex \`#RRGGBB\` (default \`${DEFAULT_TAG_COLOR}\`); stored upper-case.` })),
    is_active: Type.Optional(fields.is_active),
  },
  { additionalProperties: false },
);
export type TagCreateBody = Static<typeof TagCreateBody>;

export const TagUpdateBody = Type.Partial(Type.Object(fields), { additionalProperties: false });
export type TagUpdateBody = Static<typeof TagUpdateBody>;

export const TagListQuery = Type.Object({
  ...pageQuery(15),
  search: Type.Optional(Type.String({ maxLength: 255, description: 'Matches name, slug or description (case-insensitive).' })),
  is_active: Type.Optional(Type.Boolean()),
  has_products: Type.Optional(Type.Boolean({ description: 'Linked to at least one live product, or to none.' })),
  color: Type.Optional(Type.String({ pattern: COLOR_PATTERN, description: 'Exact `#RRGGBB`, any case.' })),
  ...updatedSinceQuery,
  sort_by: Type.Enum(['name', 'created_at', 'updated_at'], { default: 'name' }),
  sort_direction: Type.Enum(['asc', 'desc'], { default: 'asc' }),
});
export type TagListQuery = Static<typeof TagListQuery>;

export const TagResponse = Type.Object({
  id: Ulid,
  name: Type.String(),
  slug: Type.String(),
  description: Nullable(Type.String()),
  color: Type.String(),
  is_active: Type.Boolean(),
  products_count: Type.Integer({ description: 'Links to live products.' }),
  created_at: Timestamp,
  updated_at: Timestamp,
});

export const TagBulkBody = Type.Object({ tag_ids: BulkIds }, { additionalProperties: false });
export type TagBulkBody = Static<typeof TagBulkBody>;

export const TagMergeBody = Type.Object(
  {
    source_tag_ids: Type.Array(Ulid, { minItems: 1, maxItems: 500, uniqueItems: true, description: 'Tags to merge into the target; deleted afterwards.' }),
    target_tag_id: Ulid,
  },
  { additionalProperties: false },
);
export type TagMergeBody = Static<typeof TagMergeBody>;

export const TagMergeResponse = Type.Object({
  source_tag_ids: Type.Array(Ulid),
  target_tag_id: Ulid,
  links_moved: Type.Integer({ description: 'Product links newly made on the target (links it already had are not duplicated).' }),
});

export const TagStatisticsResponse = Type.Object({
  total: Type.Integer(),
  active: Type.Integer(),
  inactive: Type.Integer(),
  with_products: Type.Integer(),
  without_products: Type.Integer(),
});

export const TagExportBody = Type.Object(
  { format: Type.Optional(Type.Enum(['csv', 'json'], { default: 'csv', description: 'File format (default csv).' })) },
  { additionalProperties: false },
);
export type TagExportBody = Static<typeof TagExportBody>;

export const TAG_EXPORT_COLUMNS = ['id', 'name', 'slug', 'description', 'color', 'is_active', 'products_count', 'created_at', 'updated_at'] as const;
