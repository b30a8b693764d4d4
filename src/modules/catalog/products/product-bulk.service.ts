// One action applied to many products (POST /operations/products/bulk). Each product is changed alone, through
// the product service's own update or lifecycle action, as a PATCH or a lifecycle POST with If-Match changes
// it: the same rules, events and audit entry, in a transaction of its own. A product refused is a row of the
// answer, never the whole request's failure.
import {
  AppError,
  BusinessRuleError,
  NotFoundError,
  PreconditionFailedError,
  ValidationError,
  type FieldErrors,
} from '../../../core/errors.js';
import { entityTag, type Precondition } from '../../../core/precondition.js';
import type { Executor } from '../../../db/transaction.js';
import { changedPrice, changedTags } from './product-bulk-rules.js';
import {
  MAX_PERCENT_CHANGE,
  type ProductBulkAction,
  type ProductBulkBody,
  type ProductBulkResult,
  type ProductBulkRow,
} from './product-bulk.schemas.js';
import { linkErrors } from './product-link-checks.js';
import type { ProductLinks } from './product.presenter.js';
import { MAX_PRICE, type ProductResponse } from './product.schemas.js';
import type { ProductService } from './product.service.js';

/** The one field each action takes besides the ids; an action without one takes none. */
const ACTION_FIELD: Record<ProductBulkAction, 'category_id' | 'tag_ids' | 'price_change' | null> = {
  activate: null,
  deactivate: null,
  set_category: 'category_id',
  add_tags: 'tag_ids',
  remove_tags: 'tag_ids',
  change_price: 'price_change',
};
const OPTIONAL_FIELDS = ['category_id', 'tag_ids', 'price_change'] as const;

/** The status each lifecycle action leads to: a product already there is unchanged. */
const TARGET_STATUS = { activate: 'active', deactivate: 'inactive' } as const;

const CHANGED_MEANWHILE = 'The product was changed by another request while this one ran; try again.';

/** What one product's change came to, before it is a row of the answer. */
type Outcome = 'updated' | 'unchanged';

export interface ProductBulkServiceDeps {
  db: Executor;
  products: ProductService;
  links: ProductLinks;
}

export class ProductBulkService {
  constructor(private readonly deps: ProductBulkServiceDeps) {}

  /**
   * Applies `input.action` to each product, one at a time, in the order given.
   * @throws ValidationError when the action's field is missing, another action's field is sent, a percent is
   * out of range, or the category or a tag to add cannot be linked (missing, inactive).
   */
  async apply(tenantId: string, input: ProductBulkBody): Promise<ProductBulkResult> {
    await this.validate(tenantId, input);
    const results: ProductBulkRow[] = [];
    for (const id of input.product_ids) results.push(await this.applyOne(tenantId, id, input));
    const failed = results.filter((row) => row.status === 'failed').length;
    return { processed: results.length, successful: results.length - failed, failed, results };
  }

  private async validate(tenantId: string, input: ProductBulkBody): Promise<void> {
    const errors: FieldErrors = {};
    const required = ACTION_FIELD[input.action];
    for (const field of OPTIONAL_FIELDS) {
      const sent = input[field] !== undefined;
      if (field === required && !sent) errors[field] = [`The ${field} field is required for ${input.action}.`];
      if (field !== required && sent) errors[field] = [`The ${field} field is not taken by ${input.action}.`];
    }
    const change = input.price_change;
    if (required === 'price_change' && change?.by === 'percent' && change.value < -100)
      errors['price_change.value'] = ['A percent change is -100 at least: a price cannot fall below 0.'];
    if (required === 'price_change' && change?.by === 'percent' && change.value > MAX_PERCENT_CHANGE)
      errors['price_change.value'] = [`A percent change is ${MAX_PERCENT_CHANGE} at most.`];
    if (Object.keys(errors).length > 0) throw new ValidationError(errors);

    // A category or tag that no product can be linked to refuses the request, rather than every row.
    const linking = {
      category_id: input.action === 'set_category' ? input.category_id : undefined,
      tags: input.action === 'add_tags' ? input.tag_ids : undefined,
    };
    const [refused = {}] = await linkErrors(this.deps.links, this.deps.db, tenantId, [
      { input: linking, current: null },
    ]);
    const named = Object.entries(refused).map(([field, messages]) => [field.replace(/^tags\./, 'tag_ids.'), messages]);
    if (named.length > 0) throw new ValidationError(Object.fromEntries(named) as FieldErrors);
  }

  private async applyOne(tenantId: string, id: string, input: ProductBulkBody): Promise<ProductBulkRow> {
    try {
      const current = await this.deps.products.get(tenantId, id);
      return { id, status: await this.change(tenantId, current, input) };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return { id, status: 'failed', error: rowError(error) };
    }
  }

  /**
   * Changes one product read as `current`. The write names the ETag of what was read (as If-Match does), so a
   * product changed meanwhile is refused rather than overwritten with a value computed from its old state.
   */
  private async change(tenantId: string, current: ProductResponse, input: ProductBulkBody): Promise<Outcome> {
    const { products } = this.deps;
    const precondition: Precondition = { any: false, tags: [entityTag(current)] };
    const update = async (body: Parameters<ProductService['update']>[2]): Promise<Outcome> => {
      const after = await products.update(tenantId, current.id, body, precondition);
      return after.updated_at === current.updated_at ? 'unchanged' : 'updated';
    };
    switch (input.action) {
      case 'activate':
      case 'deactivate':
        if (current.status === TARGET_STATUS[input.action]) return 'unchanged';
        await products.transition(tenantId, current.id, input.action, null, precondition);
        return 'updated';
      case 'set_category':
        if (current.category_id === (input.category_id ?? null)) return 'unchanged';
        return update({ category_id: input.category_id ?? null });
      case 'add_tags':
      case 'remove_tags': {
        const tags = changedTags(
          current.tags.map((tag) => tag.id),
          input.tag_ids ?? [],
          input.action === 'add_tags',
        );
        return tags === null ? 'unchanged' : update({ tags });
      }
      case 'change_price': {
        const change = input.price_change!;
        const field = change.field === 'cost_price' ? 'cost_price' : 'selling_price';
        const price = current[field];
        if (price === null)
          throw new BusinessRuleError('no_price', `The product has no ${priceName(field)} to change.`);
        const next = changedPrice(price, change, current.currency);
        if (next < 0)
          throw new BusinessRuleError(
            'negative_price',
            `The ${priceName(field)} would fall below 0 (${price} would become ${next}).`,
          );
        if (next > MAX_PRICE)
          throw ValidationError.field(field, `The ${priceName(field)} would rise above ${MAX_PRICE} (${next}).`);
        return next === price ? 'unchanged' : update({ [field]: next });
      }
    }
  }
}

function priceName(field: 'selling_price' | 'cost_price'): string {
  return field === 'selling_price' ? 'price' : 'cost price';
}

/** The code and message of a refused product's row: the code its error would have as an API answer. */
function rowError(error: AppError): { code: string; message: string } {
  if (error instanceof NotFoundError) return { code: 'not_found', message: error.message };
  if (error instanceof PreconditionFailedError) return { code: 'precondition_failed', message: CHANGED_MEANWHILE };
  if (error instanceof ValidationError) {
    const messages = Object.values(error.errors).flat();
    return { code: error.code ?? 'validation_failed', message: messages.join(' ') || error.message };
  }
  return { code: error.code ?? 'validation_failed', message: error.message };
}
