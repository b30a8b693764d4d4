import { Type, type Static } from 'typebox';
import { BulkIds } from '../../../http/bulk.js';
import { Nullable, Timestamp, Ulid } from '../../../http/common-schemas.js';
import { pageQuery } from '../../../http/pagination.js';
import { updatedSinceQuery } from '../../../http/updated-since.js';

/** PostgreSQL `integer` is 32-bit. */
const MAX_SORT_ORDER = 2_147_483_647;

const sortOrder = (options: { default?: number } = {}) =>
  Type.Integer({ minimum: 0, maximum: MAX_SORT_ORDER, description: 'Lower first among siblings.', ...options });
const parentId = (description: string) => Type.Union([Ulid, Type.Null()], { description });

const fields = {
  name: Type.String({ minLength: 1, maxLength: 255 }),
  description: Nullable(Type.String({ maxLength: 2000 })),
  sort_order: sortOrder(),
  is_active: Type.Boolean(),
  is_featured: Type.Boolean(),
};

export const CategoryCreateBody = Type.Object(
  {
    name: fields.name,
    description: Type.Optional(fields.description),
    parent_id: Type.Optional(parentId('The parent category; null or absent for a root.')),
    sort_order: Type.Optional(sortOrder({ default: 0 })),
    is_active: Type.Optional(Type.Boolean({ default: true })),
    is_featured: Type.Optional(Type.Boolean({ default: false })),
  },
  { additionalProperties: false },
);
export type CategoryCreateBody = Static<typeof CategoryCreateBody>;

export const CategoryUpdateBody = Type.Object(
  {
    name: Type.Optional(fields.name),
    description: Type.Optional(fields.description),
    parent_id: Type.Optional(
      parentId('Accepted only when equal to the current parent; change the parent with POST /operations/product-categories/{id}/move.'),
    ),
    sort_order: Type.Optional(fields.sort_order),
    is_active: Type.Optional(fields.is_active),
    is_featured: Type.Optional(fields.is_featured),
  },
  { additionalProperties: false },
);
export type CategoryUpdateBody = Static<typeof CategoryUpdateBody>;

export const CategoryListQuery = Type.Object({
  ...pageQuery(25),
  search: Type.Optional(Type.String({ maxLength: 255, description: 'Matches name, slug or description (case-insensitive).' })),
  is_active: Type.Optional(Type.Boolean()),
  is_featured: Type.Optional(Type.Boolean()),
  parent_id: Type.Optional(Type.Union([Type.Literal('null'), Ulid], { description: 'A parent ULID, or `null` for root categories.' })),
  ...updatedSinceQuery,
  sort_by: Type.Enum(['name', 'sort_order', 'created_at', 'depth_level', 'updated_at'], {
    default: 'sort_order',
    description: 'Default sort_order. Ties break on the name (case-insensitive), then id; updated_at ties break on id alone.',
  }),
  sort_direction: Type.Enum(['asc', 'desc'], { default: 'asc' }),
});
export type CategoryListQuery = Static<typeof CategoryListQuery>;

export const MoveBody = Type.Object(
  { parent_id: parentId('The new parent, or null to make the category a root.') },
  { additionalProperties: false },
);
export type MoveBody = Static<typeof MoveBody>;

export const ReorderBody = Type.Object(
  {
    categories: Type.Array(
      Type.Object({ id: Ulid, sort_order: fields.sort_order }, { additionalProperties: false }),
      { minItems: 1, maxItems: 500, description: 'Siblings (one parent) and their new sort_order.' },
    ),
  },
  { additionalProperties: false },
);
export type ReorderBody = Static<typeof ReorderBody>;

export const BulkStatusBody = Type.Object(
  { category_ids: BulkIds, is_active: Type.Boolean() },
  { additionalProperties: false },
);
export type BulkStatusBody = Static<typeof BulkStatusBody>;

const responseFields = {
  id: Ulid,
  name: Type.String(),
  slug: Type.String(),
  description: Nullable(Type.String()),
  parent_id: Nullable(Ulid),
  sort_order: Type.Integer(),
  is_active: Type.Boolean(),
  is_featured: Type.Boolean(),
  depth_level: Type.Integer({ description: '0 for a root.' }),
  created_at: Timestamp,
  updated_at: Timestamp,
};

export const CategoryResponse = Type.Object(responseFields);
export type CategoryResponse = Static<typeof CategoryResponse>;

/** A tree node: a category and its children, nested to any depth. */
export const CategoryTreeNode = Type.Cyclic(
  { CategoryTreeNode: Type.Object({ ...responseFields, children: Type.Array(Type.Ref('CategoryTreeNode')) }) },
  'CategoryTreeNode',
);

export const BreadcrumbResponse = Type.Object({ id: Ulid, name: Type.String(), slug: Type.String(), depth_level: Type.Integer() });

export const ReorderResponse = Type.Object({ reordered: Type.Integer() });
