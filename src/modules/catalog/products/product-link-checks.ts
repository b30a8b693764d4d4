// The links a product write makes to categories, brands, suppliers and tags, checked for every write of a
// create or an update batch with one query per kind, so that each answer names every bad link.
import type { FieldErrors } from '../../../core/errors.js';
import type { Executor } from '../../../db/transaction.js';
import { tagLinkErrors } from '../tags/tag.service.js';
import type { ProductLinks } from './product.presenter.js';
import type { Product } from './product.repository.js';
import type { ProductUpdateBody } from './product.schemas.js';

/** What a write links a product to. */
export type LinkFields = Pick<ProductUpdateBody, 'category_id' | 'brand_id' | 'supplier_id' | 'tags'>;

/**
 * The errors of the category, brand, supplier and tags each write newly links its product to, in the order of
 * `writes`. `current` is the product an update changes (null for a new one): links it already has may stay
 * when their record became inactive.
 */
export async function linkErrors(
  links: ProductLinks,
  db: Executor,
  tenantId: string,
  writes: ReadonlyArray<{ input: LinkFields; current: Product | null }>,
): Promise<FieldErrors[]> {
  const newly = (write: (typeof writes)[number], key: 'category_id' | 'brand_id' | 'supplier_id') => {
    const value = write.input[key];
    return value && value !== write.current?.[key] ? value : null;
  };
  const all = (key: 'category_id' | 'brand_id' | 'supplier_id') => [
    ...new Set(writes.map((write) => newly(write, key)).filter((id) => id !== null)),
  ];
  const retagged = writes
    .filter((write) => write.current && (write.input.tags?.length ?? 0) > 0)
    .map((write) => write.current!.id);
  const supplierIds = all('supplier_id');
  const [categories, brands, suppliers, tags, linkedTags] = await Promise.all([
    links.categories.linkRefusals(tenantId, all('category_id'), db),
    links.brands.linkRefusals(tenantId, all('brand_id'), db),
    supplierIds.length > 0 ? links.suppliers.byIds(tenantId, supplierIds, db) : new Map<string, unknown>(),
    links.tags.linkRefusals(
      tenantId,
      writes.flatMap((write) => write.input.tags ?? []),
      db,
    ),
    retagged.length > 0 ? links.tags.tagsOfProducts(tenantId, retagged, db) : new Map<string, Array<{ id: string }>>(),
  ]);
  return writes.map((write) => {
    const errors: FieldErrors = {};
    const categoryId = newly(write, 'category_id');
    const brandId = newly(write, 'brand_id');
    const supplierId = newly(write, 'supplier_id');
    if (categoryId && categories.has(categoryId)) errors.category_id = [categories.get(categoryId)!];
    if (brandId && brands.has(brandId)) errors.brand_id = [brands.get(brandId)!];
    if (supplierId && !suppliers.has(supplierId)) errors.supplier_id = ['The selected supplier does not exist.'];
    const tagIds = write.input.tags;
    if (tagIds && tagIds.length > 0) {
      const linked = new Set((write.current ? (linkedTags.get(write.current.id) ?? []) : []).map((tag) => tag.id));
      Object.assign(errors, tagLinkErrors(tagIds, tags, linked));
    }
    return errors;
  });
}
