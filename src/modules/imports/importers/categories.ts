// Category rows, keyed by slug. A category's slug is made from its name (docs/decisions/catalog-taxonomy.md), so
// a new row's slug, when given, must be the one its name makes; renaming a category changes its slug. The
// parent is named in the `parent` column by slug or path: parents come before their children in the file.
import { categoryResource, type CategoryService } from '../../catalog/categories/category.service.js';
import { CategoryCreateBody, CategoryUpdateBody } from '../../catalog/categories/category.schemas.js';
import { slugOf } from '../../../lib/slug.js';
import type { References } from './references.js';
import {
  assign,
  changesNothing,
  checkedBody,
  RowReader,
  RowRefusedError,
  type RowContext,
  type RowImporter,
} from './row-importer.js';

export const CATEGORY_COLUMNS = [
  'slug',
  'name',
  'parent',
  'description',
  'sort_order',
  'is_active',
  'is_featured',
] as const;

export function categoryImporter(categories: CategoryService, references: References): RowImporter {
  const columnOf = (field: string) => (field === 'parent_id' ? 'parent' : field);
  const createBody = checkedBody<CategoryCreateBody>(CategoryCreateBody, columnOf);
  const updateBody = checkedBody<CategoryUpdateBody>(CategoryUpdateBody, columnOf);

  /** The parent's id (null for a root), undefined when the file has no parent column. */
  const parentOf = async (row: RowReader, { trx, tenantId, memo }: RowContext) => {
    const text = row.text('parent');
    if (text === undefined || text === null) return text;
    return references.category(trx, tenantId, text, 'parent', memo);
  };

  const fields = (row: RowReader, creating: boolean) => {
    const body: Record<string, unknown> = {};
    assign(body, 'name', row.text('name'), false);
    assign(body, 'description', row.text('description'), !creating);
    assign(body, 'sort_order', row.integer('sort_order'), false);
    assign(body, 'is_active', row.boolean('is_active'), false);
    assign(body, 'is_featured', row.boolean('is_featured'), false);
    return body;
  };

  return {
    inFileOrder: true,
    templateColumns: async () => CATEGORY_COLUMNS,
    columnOf,
    headerProblems(header) {
      const known = new Set<string>(CATEGORY_COLUMNS);
      const problems = header
        .filter((column) => !known.has(column))
        .map((column) => `Unknown column "${column}" for a category import.`);
      if (!header.includes('slug') && !header.includes('name'))
        problems.push('A category import needs a slug or a name column.');
      return problems;
    },
    async importRow(cells, context) {
      const { trx, tenantId, mode } = context;
      const row = new RowReader(cells);
      const name = row.text('name');
      const slug = row.text('slug') ?? (name ? slugOf(name, 'category') : null);
      if (!slug) throw RowRefusedError.at('slug', 'A row needs a slug or a name: the slug names the category.');
      const current = await categories.bySlug(tenantId, slug, trx);
      const parentId = await parentOf(row, context).catch((error: unknown) => {
        row.refuse('parent', (error as Error).message);
        return undefined;
      });
      if (!current) {
        if (mode === 'update') throw RowRefusedError.at('slug', `No category has the slug ${slug}.`);
        if (!name) throw RowRefusedError.at('name', 'The name column is required for a new category.');
        if (slugOf(name, 'category') !== slug) {
          throw RowRefusedError.at(
            'slug',
            `A new category's slug is made from its name: ${name} gives ${slugOf(name, 'category')}. Leave the slug empty or use that one.`,
          );
        }
        const body = fields(row, true);
        row.assertReadable();
        await categories.create(tenantId, createBody({ ...body, parent_id: parentId ?? null }));
        return 'created';
      }
      if (mode === 'create') throw RowRefusedError.at('slug', `The slug ${slug} is taken by another category.`);
      const changes = updateBody(fields(row, false));
      row.assertReadable();
      const moves = parentId !== undefined && parentId !== current.parent_id;
      if (!moves && changesNothing(categoryResource(current), changes)) return 'unchanged';
      if (moves) await categories.move(tenantId, current.id, parentId);
      await categories.update(tenantId, current.id, changes);
      return 'updated';
    },
  };
}
