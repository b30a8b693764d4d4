// Attribute definitions (EAV): codes unique per tenant among live definitions; code and type immutable;
// options for select and multiselect only; validation rules checked when defined; the default value
// obeys the definition's own value rules. Also the product module's entry points for attribute values.
import { BusinessRuleError, NotFoundError, ValidationError, type FieldErrors } from '../../../core/errors.js';
import type { Page, PageRequest } from '../../../core/pagination.js';
import type { Precondition } from '../../../core/precondition.js';
import { withUpdatedSinceBound } from '../../../core/updated-since.js';
import { checkPrecondition } from '../../../db/precondition.js';
import type { AttributeType } from '../../../db/schema.js';
import { writeUnique } from '../../../db/errors.js';
import { inTransaction, type Executor } from '../../../db/transaction.js';
import type { Clock } from '../../../lib/clock.js';
import type { IdGenerator } from '../../../lib/ids.js';
import { trimOrNull } from '../../../lib/text.js';
import type { AuditLog } from '../../audit/audit-log.service.js';
import { auditTrail, type AuditTrail } from '../../audit/audit-trail.js';
import {
  ATTRIBUTE_TYPES,
  attributeTypes,
  hasOptions,
  isFilterableType,
  isSearchableType,
  type AttributeTypeMeta,
} from './attribute-types.js';
import { checkValidationRules, normaliseValue, parseStored } from './attribute-values.js';
import type {
  AttributeDefinition,
  AttributeDefinitionUpdate,
  AttributeFilters,
  AttributeRepository,
} from './attribute.repository.js';
import type { AttributeCreateBody, AttributeUpdateBody } from './attribute.schemas.js';
import type { Transaction } from 'kysely';
import type { DB } from '../../../db/schema.js';

export const REQUIRED_IN_USE = 'Required attributes assigned to products cannot be deleted.';

export type AttributeWithCount = AttributeDefinition & { values_count?: number };

export interface AttributeStatistics {
  total_attributes: number;
  by_type: Record<string, number>;
  required_count: number;
  filterable_count: number;
  searchable_count: number;
  most_used: Array<{ id: string; code: string; name: string; products_count: number }>;
}

/** Attribute id -> stored value; null removes the product's value. */
export type StoredAttributeValues = Map<string, string | null>;
/** Checks one product's `attributes` map: the values to store by attribute id, and the errors keyed `attributes.<code>`. */
export type ProductAttributeCheck = (
  attributes: Record<string, unknown>,
  options: { requireAll: boolean },
) => { stored: StoredAttributeValues; errors: FieldErrors };

export function attributeResource(a: AttributeWithCount) {
  return {
    id: a.id,
    code: a.code,
    name: a.name,
    label: a.label,
    type: a.type,
    description: a.description,
    options: a.options,
    validation_rules: a.validation_rules ?? [],
    unit: a.unit,
    default_value: a.default_value === null ? null : parseStored(a, a.default_value),
    is_required: a.is_required,
    is_filterable: a.is_filterable,
    is_searchable: a.is_searchable,
    is_visible_on_frontend: a.is_visible_on_frontend,
    sort_order: a.sort_order,
    ...(a.values_count === undefined ? {} : { values_count: a.values_count }),
    created_at: a.created_at,
    updated_at: a.updated_at,
  };
}

/** The unique indexes a write can lose a race on, by field. */
const UNIQUE_INDEXES = { code: 'attribute_definitions_tenant_code_unique' };

/** The definition fields the rules look at, after a create or an update. */
interface Shape {
  label: string;
  type: AttributeType;
  options: string[] | null | undefined;
  validation_rules: string[] | null | undefined;
  unit: string | null;
  is_filterable: boolean;
  is_searchable: boolean;
  /** undefined: no default check needed; null: no default. */
  default_value: unknown;
}

/**
 * Checks a definition as a whole and answers its normalised options, rules and stored default.
 * @throws ValidationError keyed by field (`options`, `validation_rules.<i>`, `is_filterable`, `is_searchable`, `default_value`).
 */
function checkDefinition(shape: Shape, extra: FieldErrors = {}) {
  const errors: FieldErrors = { ...extra };
  let options: string[] | null = null;
  const sent = (shape.options ?? []).map((o) => o.trim());
  if (hasOptions(shape.type)) {
    if (sent.length === 0) errors.options = [`The options field is required for ${shape.type} attributes.`];
    else if (new Set(sent).size !== sent.length) errors.options = ['The options field must not contain duplicates.'];
    else options = sent;
  } else if (sent.length > 0) {
    errors.options = [`Options are only allowed for select and multiselect attributes, not ${shape.type}.`];
  }
  const rules = shape.validation_rules ?? [];
  const ruleErrors = checkValidationRules(shape.type, rules);
  for (const [i, message] of Object.entries(ruleErrors)) errors[`validation_rules.${i}`] = [message];
  if (shape.is_filterable && !isFilterableType(shape.type)) {
    errors.is_filterable = [
      `Attributes of type ${shape.type} cannot be filterable. Filterable types: boolean, select, multiselect, color, number.`,
    ];
  }
  if (shape.is_searchable && !isSearchableType(shape.type)) {
    errors.is_searchable = [
      `Attributes of type ${shape.type} cannot be searchable. Searchable types: text, select, multiselect.`,
    ];
  }
  let defaultValue: string | null | undefined;
  const optionsOk = errors.options === undefined;
  const rulesOk = Object.keys(ruleErrors).length === 0;
  if (shape.default_value === null) defaultValue = null;
  else if (shape.default_value !== undefined && optionsOk && rulesOk) {
    const result = normaliseValue(
      { label: shape.label, type: shape.type, options, validation_rules: rules, unit: shape.unit },
      shape.default_value,
    );
    if (result.ok) defaultValue = result.stored;
    else errors.default_value = [`The default value is invalid: ${result.message}`];
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return { options, validation_rules: rules, default_value: defaultValue };
}

export interface AttributeServiceDeps {
  db: Executor;
  attributes: AttributeRepository;
  audit: AuditLog;
  clock: Clock;
  newId: IdGenerator;
}

export class AttributeService {
  private readonly db: Executor;
  private readonly attributes: AttributeRepository;
  /** The audit entry of a change to one attribute definition, as the API presents it. */
  private readonly audited: AuditTrail<AttributeWithCount>;
  private readonly clock: Clock;
  private readonly newId: IdGenerator;

  constructor(deps: AttributeServiceDeps) {
    this.db = deps.db;
    this.attributes = deps.attributes;
    this.audited = auditTrail(deps.audit, 'attribute', attributeResource);
    this.clock = deps.clock;
    this.newId = deps.newId;
  }

  types(): AttributeTypeMeta[] {
    return attributeTypes();
  }

  list(tenantId: string, filters: AttributeFilters, page: PageRequest): Promise<Page<AttributeDefinition>> {
    return this.attributes.list(this.db, tenantId, withUpdatedSinceBound(filters), page);
  }

  /** The tenant's live definitions, by sort_order then code. */
  listForTenant(tenantId: string, db: Executor = this.db): Promise<AttributeDefinition[]> {
    return this.attributes.listAll(db, tenantId);
  }

  /** @throws NotFoundError('Attribute'), also for another tenant's or a deleted attribute. */
  async get(tenantId: string, id: string, db: Executor = this.db): Promise<AttributeWithCount> {
    const attribute = await this.attributes.findById(db, tenantId, id);
    if (!attribute) throw new NotFoundError('Attribute');
    return { ...attribute, values_count: await this.attributes.countValues(db, tenantId, id) };
  }

  /**
   * Creates a definition.
   * @throws ValidationError: code taken, options missing/not allowed, bad rules, capability flags the type lacks, invalid default.
   */
  async create(tenantId: string, input: AttributeCreateBody, db: Executor = this.db): Promise<AttributeWithCount> {
    const label = input.label.trim();
    const unit = trimOrNull(input.unit);
    const checked = checkDefinition({
      label,
      type: input.type,
      options: input.options,
      validation_rules: input.validation_rules,
      unit,
      is_filterable: input.is_filterable ?? false,
      is_searchable: input.is_searchable ?? false,
      default_value: input.default_value ?? null,
    });
    const now = this.clock.now().toISOString();
    return inTransaction(db, async (trx) => {
      const created = await writeUnique(UNIQUE_INDEXES, () =>
        this.attributes.insert(trx, {
          id: this.newId(),
          tenant_id: tenantId,
          code: input.code,
          name: input.name.trim(),
          label,
          type: input.type,
          description: trimOrNull(input.description),
          options: checked.options,
          validation_rules: checked.validation_rules,
          unit,
          default_value: checked.default_value ?? null,
          is_required: input.is_required ?? false,
          is_filterable: input.is_filterable ?? false,
          is_searchable: input.is_searchable ?? false,
          is_visible_on_frontend: input.is_visible_on_frontend ?? true,
          sort_order: input.sort_order ?? 0,
          created_at: now,
          updated_at: now,
          deleted_at: null,
        }),
      );
      const attribute = { ...created, values_count: 0 };
      await this.audited(trx, 'attribute.created', null, attribute);
      return attribute;
    });
  }

  /**
   * Partial update. `code` and `type` may be sent only with their current values. The whole definition
   * is checked again, including the default (kept or new) against new options and rules. Existing
   * product values are kept as they are.
   * @throws NotFoundError('Attribute'); ValidationError as for create, and on `code`/`type` when changed.
   */
  async update(
    tenantId: string,
    id: string,
    input: AttributeUpdateBody,
    precondition?: Precondition,
  ): Promise<AttributeWithCount> {
    return inTransaction(this.db, async (trx) => {
      await this.checkPrecondition(trx, tenantId, id, precondition);
      const current = await this.get(tenantId, id, trx);
      const immutable: FieldErrors = {};
      if (input.code !== undefined && input.code !== current.code) immutable.code = ['The code cannot be changed.'];
      if (input.type !== undefined && input.type !== current.type) immutable.type = ['The type cannot be changed.'];
      const label = input.label?.trim() ?? current.label;
      const unit = input.unit !== undefined ? trimOrNull(input.unit) : current.unit;
      const defaultInput =
        input.default_value !== undefined
          ? input.default_value
          : current.default_value === null
            ? null
            : parseStored(current, current.default_value);
      const checked = checkDefinition(
        {
          label,
          type: current.type,
          options: input.options !== undefined ? input.options : current.options,
          validation_rules: input.validation_rules !== undefined ? input.validation_rules : current.validation_rules,
          unit,
          is_filterable: input.is_filterable ?? current.is_filterable,
          is_searchable: input.is_searchable ?? current.is_searchable,
          default_value: defaultInput,
        },
        immutable,
      );
      const changes: AttributeDefinitionUpdate = {
        updated_at: this.clock.now().toISOString(),
        label,
        unit,
        options: checked.options,
        validation_rules: checked.validation_rules,
        default_value: checked.default_value ?? null,
      };
      if (input.name !== undefined) changes.name = input.name.trim();
      if (input.description !== undefined) changes.description = trimOrNull(input.description);
      if (input.is_required !== undefined) changes.is_required = input.is_required;
      if (input.is_filterable !== undefined) changes.is_filterable = input.is_filterable;
      if (input.is_searchable !== undefined) changes.is_searchable = input.is_searchable;
      if (input.is_visible_on_frontend !== undefined) changes.is_visible_on_frontend = input.is_visible_on_frontend;
      if (input.sort_order !== undefined) changes.sort_order = input.sort_order;
      const updated = await this.attributes.update(trx, tenantId, id, changes);
      if (!updated) throw new NotFoundError('Attribute');
      const attribute = { ...updated, values_count: current.values_count };
      await this.audited(trx, 'attribute.updated', current, attribute);
      return attribute;
    });
  }

  /**
   * Soft-deletes a definition and removes its product values, in one transaction.
   * @throws NotFoundError('Attribute'); BusinessRuleError when it is required and a live product has a value.
   */
  async remove(tenantId: string, id: string, precondition?: Precondition): Promise<void> {
    await inTransaction(this.db, async (trx) => {
      await this.checkPrecondition(trx, tenantId, id, precondition);
      const current = await this.get(tenantId, id, trx);
      if (current.is_required && (current.values_count ?? 0) > 0)
        throw new BusinessRuleError('attribute_in_use', REQUIRED_IN_USE);
      const now = this.clock.now().toISOString();
      await this.attributes.deleteValuesOf(trx, tenantId, id);
      await this.attributes.softDelete(trx, tenantId, id, now);
      await this.audited(trx, 'attribute.deleted', current, null);
    });
  }

  async statistics(tenantId: string): Promise<AttributeStatistics> {
    const counts = await this.attributes.counts(this.db, tenantId);
    const byType: Record<string, number> = Object.fromEntries(ATTRIBUTE_TYPES.map((t) => [t, 0]));
    for (const row of counts.by_type) byType[row.type] = row.n;
    return {
      total_attributes: counts.total_attributes,
      by_type: byType,
      required_count: counts.required_count,
      filterable_count: counts.filterable_count,
      searchable_count: counts.searchable_count,
      most_used: counts.most_used,
    };
  }

  /** Every live attribute definition of the tenant. */
  definitions(tenantId: string, db: Executor = this.db): Promise<AttributeDefinition[]> {
    return this.attributes.listAll(db, tenantId);
  }

  /**
   * Validates a product's `attributes` map (code -> value) against the tenant's live definitions and
   * answers the values to store by attribute id. A null value removes the product's value (refused for
   * required attributes). With `requireAll` (product creation), attributes not sent get their default,
   * and required attributes without a value or default are refused.
   * @throws ValidationError keyed `attributes.<code>`.
   */
  async validateProductAttributes(
    tenantId: string,
    attributes: Record<string, unknown>,
    options: { requireAll: boolean },
    db: Executor = this.db,
  ): Promise<{ stored: StoredAttributeValues }> {
    const { stored, errors } = (await this.productAttributeChecker(tenantId, db))(attributes, options);
    if (Object.keys(errors).length > 0) throw new ValidationError(errors);
    return { stored };
  }

  /**
   * `validateProductAttributes` for many products: reads the definitions once and answers a check of one
   * product's map that reports its errors instead of throwing them.
   */
  async productAttributeChecker(tenantId: string, db: Executor = this.db): Promise<ProductAttributeCheck> {
    const definitions = await this.attributes.listAll(db, tenantId);
    const byCode = new Map(definitions.map((d) => [d.code, d]));
    return (attributes, options) => {
      const errors: FieldErrors = {};
      const stored: StoredAttributeValues = new Map();
      for (const [code, value] of Object.entries(attributes)) {
        const definition = byCode.get(code);
        if (!definition) {
          errors[`attributes.${code}`] = [`The attribute ${code} does not exist.`];
        } else if (value === null) {
          if (definition.is_required) errors[`attributes.${code}`] = [`The ${definition.label} field is required.`];
          else stored.set(definition.id, null);
        } else {
          const result = normaliseValue(definition, value);
          if (result.ok) stored.set(definition.id, result.stored);
          else errors[`attributes.${code}`] = [result.message];
        }
      }
      if (options.requireAll) {
        for (const definition of definitions) {
          if (Object.hasOwn(attributes, definition.code)) continue;
          if (definition.default_value !== null) stored.set(definition.id, definition.default_value);
          else if (definition.is_required)
            errors[`attributes.${definition.code}`] = [`The ${definition.label} field is required.`];
        }
      }
      return { stored, errors };
    };
  }

  /** Writes validated values for a product inside the caller's transaction: upserts, and deletes on null. */
  async writeProductValues(
    trx: Executor,
    tenantId: string,
    productId: string,
    stored: StoredAttributeValues,
  ): Promise<void> {
    const at = this.clock.now().toISOString();
    for (const [attributeId, value] of stored) {
      if (value === null) await this.attributes.deleteValue(trx, tenantId, productId, attributeId);
      else
        await this.attributes.upsertValue(trx, {
          tenant_id: tenantId,
          product_id: productId,
          attribute_id: attributeId,
          value,
          at,
        });
    }
  }

  /** Writes the values of new products (which have none yet) in one statement; null values are none to write. */
  async writeNewProductsValues(
    trx: Executor,
    tenantId: string,
    products: ReadonlyArray<{ productId: string; stored: StoredAttributeValues }>,
  ): Promise<void> {
    const at = this.clock.now().toISOString();
    await this.attributes.insertValues(
      trx,
      products.flatMap(({ productId, stored }) =>
        [...stored]
          .filter((entry): entry is [string, string] => entry[1] !== null)
          .map(([attributeId, value]) => ({
            tenant_id: tenantId,
            product_id: productId,
            attribute_id: attributeId,
            value,
            created_at: at,
            updated_at: at,
          })),
      ),
    );
  }

  /** Each product's values with their live definitions, by sort_order and code (for product responses). */
  async valuesOfProducts(tenantId: string, productIds: readonly string[], db: Executor = this.db) {
    const byProduct = new Map<string, Awaited<ReturnType<AttributeRepository['valuesOfProducts']>>>();
    for (const row of await this.attributes.valuesOfProducts(db, tenantId, productIds)) {
      const list = byProduct.get(row.product_id) ?? [];
      list.push(row);
      byProduct.set(row.product_id, list);
    }
    return byProduct;
  }

  /** A product's values with their live definitions (for the product's `attributes` and exports). */
  valuesOfProduct(tenantId: string, productId: string, db: Executor = this.db) {
    return this.attributes.valuesOfProduct(db, tenantId, productId);
  }

  /** If-Match against the attribute definition as GET answers it. @throws PreconditionFailedError; NotFoundError. */
  private checkPrecondition(
    trx: Transaction<DB>,
    tenantId: string,
    id: string,
    precondition: Precondition | undefined,
  ): Promise<void> {
    return checkPrecondition(trx, precondition, { table: 'attribute_definitions', tenantId, id }, async () =>
      attributeResource(await this.get(tenantId, id, trx)),
    );
  }
}
