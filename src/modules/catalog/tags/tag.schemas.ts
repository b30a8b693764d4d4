import { Type, type Static } from 'typebox';
import { BulkIds } from '../../../http/bulk.js';
import { Defaulted, Nullable, Timestamp, Ulid } from '../../../http/common-schemas.js';
import { nameSchema, withExample } from '../../../http/named-schemas.js';
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
        description:
          'Lowercase letters, digits and single hyphens between them; unique per tenant. Omitted: made from the name (`-2`, `-3`… when taken).',
      }),
    ),
    description: Type.Optional(fields.description),
    color: Type.Optional(
      Type.String({
        pattern: COLOR_PATTERN,
        description: `Hex \`#RRGGBB\` (default \`${DEFAULT_TAG_COLOR}\`); stored upper-case.`,
      }),
    ),
    is_active: Type.Optional(fields.is_active),
  },
  { additionalProperties: false },
);
export type TagCreateBody = Static<typeof TagCreateBody>;
withExample(TagCreateBody, {
  name: 'Bestseller',
  description: 'Top 50 by units sold.',
  color: '#1F8A70',
  is_active: true,
});

export const TagUpdateBody = Type.Partial(Type.Object(fields), { additionalProperties: false });
export type TagUpdateBody = Static<typeof TagUpdateBody>;
withExample(TagUpdateBody, { color: '#E4572E' });

export const TagListQuery = Type.Object({
  ...pageQuery(15),
  search: Type.Optional(
    Type.String({ maxLength: 255, description: 'Matches name, slug or description (case-insensitive).' }),
  ),
  is_active: Type.Optional(Type.Boolean()),
  has_products: Type.Optional(Type.Boolean({ description: 'Linked to at least one live product, or to none.' })),
  color: Type.Optional(Type.String({ pattern: COLOR_PATTERN, description: 'Exact `#RRGGBB`, any case.' })),
  ...updatedSinceQuery,
  sort_by: Defaulted(Type.Enum(['name', 'created_at', 'updated_at'], { default: 'name' })),
  sort_direction: Defaulted(Type.Enum(['asc', 'desc'], { default: 'asc' })),
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
const tagExample: Static<typeof TagResponse> = {
  id: '01jd8w4c5d6e7f8g9h0j1k2m3n',
  name: 'Bestseller',
  slug: 'bestseller',
  description: 'Top 50 by units sold.',
  color: '#1F8A70',
  is_active: true,
  products_count: 50,
  created_at: '2026-11-02T09:14:00.000Z',
  updated_at: '2026-11-20T16:03:12.000Z',
};
nameSchema(TagResponse, 'Tag', tagExample);

/** The JSON export file (built as text, so this schema only documents it). */
export const TagExportFile = Type.Object({
  data: Type.Array(TagResponse),
  exported_at: Timestamp,
  total: Type.Integer(),
});
nameSchema(TagExportFile, 'TagExport', { data: [tagExample], exported_at: '2026-11-24T10:00:00.000Z', total: 1 });

export const TagBulkBody = Type.Object({ tag_ids: BulkIds }, { additionalProperties: false });
export type TagBulkBody = Static<typeof TagBulkBody>;
withExample(TagBulkBody, { tag_ids: ['01jd8w4c5d6e7f8g9h0j1k2m3n', '01jd8w4c5d6e7f8g9h0j1k2m3p'] });

export const TagMergeBody = Type.Object(
  {
    source_tag_ids: Type.Array(Ulid, {
      minItems: 1,
      maxItems: 500,
      uniqueItems: true,
      description: 'Tags to merge into the target; deleted afterwards.',
    }),
    target_tag_id: Ulid,
  },
  { additionalProperties: false },
);
export type TagMergeBody = Static<typeof TagMergeBody>;
withExample(TagMergeBody, {
  source_tag_ids: ['01jd8w4c5d6e7f8g9h0j1k2m3p'],
  target_tag_id: '01jd8w4c5d6e7f8g9h0j1k2m3n',
});

export const TagMergeResponse = Type.Object({
  source_tag_ids: Type.Array(Ulid),
  target_tag_id: Ulid,
  links_moved: Type.Integer({
    description: 'Product links newly made on the target (links it already had are not duplicated).',
  }),
});
nameSchema(TagMergeResponse, 'TagMerge', {
  source_tag_ids: ['01jd8w4c5d6e7f8g9h0j1k2m3p'],
  target_tag_id: '01jd8w4c5d6e7f8g9h0j1k2m3n',
  links_moved: 7,
});

export const TagStatisticsResponse = Type.Object({
  total: Type.Integer(),
  active: Type.Integer(),
  inactive: Type.Integer(),
  with_products: Type.Integer(),
  without_products: Type.Integer(),
});
nameSchema(TagStatisticsResponse, 'TagStatistics', {
  total: 24,
  active: 20,
  inactive: 4,
  with_products: 18,
  without_products: 6,
});

export const TagExportBody = Type.Object(
  { format: Type.Optional(Type.Enum(['csv', 'json'], { default: 'csv', description: 'File format (default csv).' })) },
  { additionalProperties: false },
);
export type TagExportBody = Static<typeof TagExportBody>;
withExample(TagExportBody, { format: 'json' });

export const TAG_EXPORT_COLUMNS = [
  'id',
  'name',
  'slug',
  'description',
  'color',
  'is_active',
  'products_count',
  'created_at',
  'updated_at',
] as const;
