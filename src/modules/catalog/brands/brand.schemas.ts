import { Type, type Static } from 'typebox';
import { BulkIds } from '../../../http/bulk.js';
import { Defaulted, HttpUrl, Nullable, Timestamp, Ulid } from '../../../http/common-schemas.js';
import { nameSchema, withExample } from '../../../http/named-schemas.js';
import { pageQuery } from '../../../http/pagination.js';
import { updatedSinceQuery } from '../../../http/updated-since.js';
import { SLUG_PATTERN } from '../../../lib/slug.js';

const fields = {
  name: Type.String({ minLength: 1, maxLength: 255, pattern: '\\S', description: 'Stored trimmed.' }),
  slug: Type.String({
    minLength: 1,
    maxLength: 100,
    pattern: SLUG_PATTERN,
    description:
      'Lowercase letters, digits and single hyphens; unique per tenant among live brands. Generated from the name when omitted at creation.',
  }),
  description: Nullable(Type.String({ maxLength: 2000 })),
  logo_url: Nullable(HttpUrl),
  website_url: Nullable(HttpUrl),
  is_active: Type.Boolean({ description: 'Inactive brands keep their product links but cannot be newly linked.' }),
};

export const BrandCreateBody = Type.Object(
  {
    name: fields.name,
    slug: Type.Optional(fields.slug),
    description: Type.Optional(fields.description),
    logo_url: Type.Optional(fields.logo_url),
    website_url: Type.Optional(fields.website_url),
    is_active: Type.Optional(fields.is_active),
  },
  { additionalProperties: false },
);
export type BrandCreateBody = Static<typeof BrandCreateBody>;
withExample(BrandCreateBody, {
  name: 'Makita',
  description: 'Power tools and accessories.',
  logo_url: 'https://cdn.example.com/brands/makita.png',
  website_url: 'https://www.makita.example',
  is_active: true,
});

export const BrandUpdateBody = Type.Partial(Type.Object(fields), {
  additionalProperties: false,
  description: 'Partial: only the fields sent change. Renaming keeps the slug; send `slug` to change it.',
});
export type BrandUpdateBody = Static<typeof BrandUpdateBody>;
withExample(BrandUpdateBody, { description: 'Cordless power tools.', is_active: false });

const filters = {
  search: Type.Optional(
    Type.String({ maxLength: 255, description: 'Matches name, slug or description (case-insensitive).' }),
  ),
  is_active: Type.Optional(Type.Boolean()),
  has_products: Type.Optional(Type.Boolean({ description: 'true: linked to at least one product; false: to none.' })),
};

export const BRAND_SORTS = ['name', 'created_at', 'updated_at'] as const;

export const BrandListQuery = Type.Object({
  ...pageQuery(25),
  ...filters,
  ...updatedSinceQuery,
  sort_by: Defaulted(Type.Enum(BRAND_SORTS, { default: 'name' })),
  sort_direction: Defaulted(Type.Enum(['asc', 'desc'], { default: 'asc' })),
});
export type BrandListQuery = Static<typeof BrandListQuery>;

export const BrandExportQuery = Type.Object({
  format: Type.Enum(['csv', 'json'], { description: 'File format.' }),
  ...filters,
});
export type BrandExportQuery = Static<typeof BrandExportQuery>;

export const BrandBulkBody = Type.Object({ brand_ids: BulkIds }, { additionalProperties: false });
export type BrandBulkBody = Static<typeof BrandBulkBody>;
withExample(BrandBulkBody, { brand_ids: ['01jd8w2a7b3c4d5e6f7g8h9j0k', '01jd8w2a7b3c4d5e6f7g8h9j0m'] });

export const BrandResponse = Type.Object({
  id: Ulid,
  name: Type.String(),
  slug: Type.String(),
  description: Nullable(Type.String()),
  logo_url: Nullable(Type.String()),
  website_url: Nullable(Type.String()),
  is_active: Type.Boolean(),
  products_count: Type.Integer({ description: 'Live products linked to the brand.' }),
  created_at: Timestamp,
  updated_at: Timestamp,
});
const brandExample: Static<typeof BrandResponse> = {
  id: '01jd8w2a7b3c4d5e6f7g8h9j0k',
  name: 'Makita',
  slug: 'makita',
  description: 'Power tools and accessories.',
  logo_url: 'https://cdn.example.com/brands/makita.png',
  website_url: 'https://www.makita.example',
  is_active: true,
  products_count: 42,
  created_at: '2026-11-02T09:14:00.000Z',
  updated_at: '2026-11-20T16:03:12.000Z',
};
nameSchema(BrandResponse, 'Brand', brandExample);

/** The JSON export file (built as text, so this schema only documents it). */
export const BrandExportFile = Type.Object({
  data: Type.Array(BrandResponse),
  exported_at: Type.String({ format: 'date-time' }),
  total: Type.Integer(),
});
nameSchema(BrandExportFile, 'BrandExport', { data: [brandExample], exported_at: '2026-11-24T10:00:00.000Z', total: 1 });

export const BrandStatisticsResponse = Type.Object({
  total: Type.Integer(),
  active: Type.Integer(),
  inactive: Type.Integer(),
  with_products: Type.Integer(),
  without_products: Type.Integer(),
});
nameSchema(BrandStatisticsResponse, 'BrandStatistics', {
  total: 12,
  active: 10,
  inactive: 2,
  with_products: 9,
  without_products: 3,
});

export const BRAND_EXPORT_COLUMNS = [
  'id',
  'name',
  'slug',
  'description',
  'logo_url',
  'website_url',
  'is_active',
  'products_count',
  'created_at',
  'updated_at',
] as const;
