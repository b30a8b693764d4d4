import { Type, type Static } from 'typebox';
import { BulkIds } from '../../../http/bulk.js';
import { Defaulted, Nullable, Timestamp, Ulid } from '../../../http/common-schemas.js';
import { nameSchema, withExample } from '../../../http/named-schemas.js';
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
withExample(CategoryCreateBody, {
  name: 'Power tools',
  description: 'Drills, saws and sanders.',
  parent_id: '01jd8w1q2r3s4t5v6w7x8y9z0b',
  sort_order: 10,
  is_active: true,
  is_featured: false,
});

export const CategoryUpdateBody = Type.Object(
  {
    name: Type.Optional(fields.name),
    description: Type.Optional(fields.description),
    parent_id: Type.Optional(
      parentId(
        'Accepted only when equal to the current parent; change the parent with POST /operations/product-categories/{id}/move.',
      ),
    ),
    sort_order: Type.Optional(fields.sort_order),
    is_active: Type.Optional(fields.is_active),
    is_featured: Type.Optional(fields.is_featured),
  },
  { additionalProperties: false },
);
export type CategoryUpdateBody = Static<typeof CategoryUpdateBody>;
withExample(CategoryUpdateBody, { description: 'Corded and cordless power tools.', is_featured: true });

export const CategoryListQuery = Type.Object({
  ...pageQuery(25),
  search: Type.Optional(
    Type.String({ maxLength: 255, description: 'Matches name, slug or description (case-insensitive).' }),
  ),
  is_active: Type.Optional(Type.Boolean()),
  is_featured: Type.Optional(Type.Boolean()),
  parent_id: Type.Optional(
    Type.Union([Type.Literal('null'), Ulid], { description: 'A parent ULID, or `null` for root categories.' }),
  ),
  ...updatedSinceQuery,
  sort_by: Defaulted(
    Type.Enum(['name', 'sort_order', 'created_at', 'depth_level', 'updated_at'], {
      default: 'sort_order',
      description:
        'Default sort_order. Ties break on the name (case-insensitive), then id; updated_at ties break on id alone.',
    }),
  ),
  sort_direction: Defaulted(Type.Enum(['asc', 'desc'], { default: 'asc' })),
});
export type CategoryListQuery = Static<typeof CategoryListQuery>;

export const MoveBody = Type.Object(
  { parent_id: parentId('The new parent, or null to make the category a root.') },
  { additionalProperties: false },
);
export type MoveBody = Static<typeof MoveBody>;
withExample(MoveBody, { parent_id: '01jd8w1q2r3s4t5v6w7x8y9z0b' });

export const ReorderBody = Type.Object(
  {
    categories: Type.Array(Type.Object({ id: Ulid, sort_order: fields.sort_order }, { additionalProperties: false }), {
      minItems: 1,
      maxItems: 500,
      description: 'Siblings (one parent) and their new sort_order.',
    }),
  },
  { additionalProperties: false },
);
export type ReorderBody = Static<typeof ReorderBody>;
withExample(ReorderBody, {
  categories: [
    { id: '01jd8w1q2r3s4t5v6w7x8y9z0a', sort_order: 0 },
    { id: '01jd8w1q2r3s4t5v6w7x8y9z0c', sort_order: 1 },
  ],
});

export const BulkStatusBody = Type.Object(
  { category_ids: BulkIds, is_active: Type.Boolean() },
  { additionalProperties: false },
);
export type BulkStatusBody = Static<typeof BulkStatusBody>;
withExample(BulkStatusBody, {
  category_ids: ['01jd8w1q2r3s4t5v6w7x8y9z0a', '01jd8w1q2r3s4t5v6w7x8y9z0c'],
  is_active: false,
});

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
const categoryExample: CategoryResponse = {
  id: '01jd8w1q2r3s4t5v6w7x8y9z0a',
  name: 'Power tools',
  slug: 'power-tools',
  description: 'Drills, saws and sanders.',
  parent_id: '01jd8w1q2r3s4t5v6w7x8y9z0b',
  sort_order: 10,
  is_active: true,
  is_featured: false,
  depth_level: 1,
  created_at: '2026-11-02T09:14:00.000Z',
  updated_at: '2026-11-20T16:03:12.000Z',
};
nameSchema(CategoryResponse, 'Category', categoryExample);

/** A tree node: a category and its children, nested to any depth. */
export const CategoryTreeNode = Type.Cyclic(
  { CategoryTreeNode: Type.Object({ ...responseFields, children: Type.Array(Type.Ref('CategoryTreeNode')) }) },
  'CategoryTreeNode',
);
nameSchema(CategoryTreeNode, 'CategoryTreeNode', {
  ...categoryExample,
  id: '01jd8w1q2r3s4t5v6w7x8y9z0b',
  name: 'Tools',
  slug: 'tools',
  description: null,
  parent_id: null,
  depth_level: 0,
  children: [{ ...categoryExample, children: [] }],
});

export const BreadcrumbResponse = Type.Object({
  id: Ulid,
  name: Type.String(),
  slug: Type.String(),
  depth_level: Type.Integer(),
});
nameSchema(BreadcrumbResponse, 'CategoryBreadcrumb', {
  id: '01jd8w1q2r3s4t5v6w7x8y9z0b',
  name: 'Tools',
  slug: 'tools',
  depth_level: 0,
});

export const ReorderResponse = Type.Object({ reordered: Type.Integer() });
nameSchema(ReorderResponse, 'CategoryReorderResult', { reordered: 2 });
