// The product form's values and the API's bodies, both ways. The form holds what inputs hold (text, numbers
// or '' for empty, booleans); the bodies hold what the API reads (null for a cleared field, typed attribute
// values). On creation, blanks are left out so that the API applies its defaults (a generated SKU, the
// tenant's currency, the attributes' default values).
import type { Attribute, Product, ProductBody, ProductType, ProductUpdateBody } from './model';

/** What an attribute's input holds: text, a number, 'true'/'false' for a yes/no, a list for a multiselect. */
export type AttributeInput = string | number | string[];

export interface ProductFormValues extends Record<string, unknown> {
  name: string;
  sku: string;
  type: ProductType;
  short_description: string;
  description: string;
  selling_price: number | string;
  cost_price: number | string;
  currency: string;
  category_id: string | null;
  brand_id: string | null;
  supplier_id: string | null;
  /** Tag ids: the whole set. */
  tags: string[];
  barcode: string;
  barcode_type: string | null;
  track_inventory: boolean;
  allow_backorders: boolean;
  requires_shipping: boolean;
  is_taxable: boolean;
  is_featured: boolean;
  reorder_point: number | string;
  reorder_quantity: number | string;
  weight: number | string;
  length: number | string;
  width: number | string;
  height: number | string;
  dimensions_unit: string;
  /** Creation only: received into the default warehouse. */
  stock_quantity: number | string;
  attributes: Record<string, AttributeInput>;
}

/** The defaults the API gives each type (src/modules/catalog/products/product-types.ts), shown before saving. */
export function typeDefaults(type: ProductType): { track_inventory: boolean; requires_shipping: boolean } {
  return { track_inventory: type === 'physical' || type === 'gift_card', requires_shipping: type === 'physical' };
}

function emptyAttributeInput(attribute: Pick<Attribute, 'type'>): AttributeInput {
  return attribute.type === 'multiselect' ? [] : '';
}

/** A product value (or an attribute's default) as its input holds it. */
export function attributeInput(attribute: Pick<Attribute, 'type'>, value: unknown): AttributeInput {
  if (value === null || value === undefined) return emptyAttributeInput(attribute);
  switch (attribute.type) {
    case 'boolean':
      return value ? 'true' : 'false';
    case 'number':
      return typeof value === 'number' ? value : String(value);
    case 'multiselect':
      return Array.isArray(value) ? value.map(String) : [String(value)];
    case 'json':
      return JSON.stringify(value, null, 2);
    default:
      return String(value);
  }
}

/** An input's content as the API reads the attribute's value; null when left empty. */
export function attributeValue(attribute: Pick<Attribute, 'type'>, input: AttributeInput | undefined): unknown {
  if (input === undefined || input === '' || (Array.isArray(input) && input.length === 0)) return null;
  switch (attribute.type) {
    case 'boolean':
      return input === 'true';
    case 'number':
      return typeof input === 'number' ? input : Number(input);
    case 'json':
      try {
        return JSON.parse(String(input)) as unknown;
      } catch {
        // Sent as written: the API's 422 names what is wrong with it, at its field.
        return input;
      }
    default:
      return input;
  }
}

export function newProductValues(attributes: readonly Attribute[]): ProductFormValues {
  return {
    name: '',
    sku: '',
    type: 'physical',
    short_description: '',
    description: '',
    selling_price: '',
    cost_price: '',
    currency: '',
    category_id: null,
    brand_id: null,
    supplier_id: null,
    tags: [],
    barcode: '',
    barcode_type: null,
    ...typeDefaults('physical'),
    allow_backorders: false,
    is_taxable: true,
    is_featured: false,
    reorder_point: '',
    reorder_quantity: '',
    weight: '',
    length: '',
    width: '',
    height: '',
    dimensions_unit: 'cm',
    stock_quantity: '',
    attributes: Object.fromEntries(
      attributes.map((attribute) => [attribute.code, attributeInput(attribute, attribute.default_value)]),
    ),
  };
}

export function productValues(product: Product, attributes: readonly Attribute[]): ProductFormValues {
  const number = (value: number | null) => value ?? '';
  return {
    name: product.name,
    sku: product.sku,
    type: product.type as ProductType,
    short_description: product.short_description ?? '',
    description: product.description ?? '',
    selling_price: number(product.selling_price),
    cost_price: number(product.cost_price),
    currency: product.currency,
    category_id: product.category_id,
    brand_id: product.brand_id,
    supplier_id: product.supplier_id,
    tags: product.tags.map((tag) => tag.id),
    barcode: product.barcode ?? '',
    barcode_type: product.barcode_type,
    track_inventory: product.track_inventory,
    allow_backorders: product.allow_backorders,
    requires_shipping: product.requires_shipping,
    is_taxable: product.is_taxable,
    is_featured: product.is_featured,
    reorder_point: number(product.reorder_point),
    reorder_quantity: number(product.reorder_quantity),
    weight: number(product.weight),
    length: number(product.length),
    width: number(product.width),
    height: number(product.height),
    dimensions_unit: product.dimensions_unit,
    stock_quantity: '',
    attributes: Object.fromEntries(
      attributes.map((attribute) => [attribute.code, attributeInput(attribute, product.attributes[attribute.code])]),
    ),
  };
}

const text = (value: string) => (value.trim() === '' ? null : value.trim());
const amount = (value: number | string) => (value === '' ? null : Number(value));

/** The fields both bodies share, blanks as null. */
function commonFields(values: ProductFormValues) {
  return {
    name: values.name.trim(),
    type: values.type,
    short_description: text(values.short_description),
    description: text(values.description),
    selling_price: amount(values.selling_price),
    cost_price: amount(values.cost_price),
    category_id: values.category_id,
    brand_id: values.brand_id,
    supplier_id: values.supplier_id,
    barcode: text(values.barcode),
    barcode_type: values.barcode_type as ProductBody['barcode_type'],
    track_inventory: values.track_inventory,
    allow_backorders: values.allow_backorders,
    requires_shipping: values.requires_shipping,
    is_taxable: values.is_taxable,
    is_featured: values.is_featured,
    reorder_point: amount(values.reorder_point),
    reorder_quantity: amount(values.reorder_quantity),
    weight: amount(values.weight),
    length: amount(values.length),
    width: amount(values.width),
    height: amount(values.height),
    dimensions_unit: values.dimensions_unit as ProductBody['dimensions_unit'],
  };
}

/** Leaves out what is null: on creation the API's defaults apply instead. */
function withoutNulls<T extends Record<string, unknown>>(record: T): Partial<T> {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== null)) as Partial<T>;
}

export function createBody(values: ProductFormValues, attributes: readonly Attribute[]): ProductBody {
  const attributeValues = withoutNulls(
    Object.fromEntries(
      attributes.map((attribute) => [attribute.code, attributeValue(attribute, values.attributes[attribute.code])]),
    ),
  );
  const stock = amount(values.stock_quantity);
  return {
    ...withoutNulls(commonFields(values)),
    name: values.name.trim(),
    ...(text(values.sku) ? { sku: values.sku.trim() } : {}),
    ...(text(values.currency) ? { currency: values.currency.trim().toUpperCase() } : {}),
    ...(stock ? { stock_quantity: stock } : {}),
    ...(values.tags.length > 0 ? { tags: values.tags } : {}),
    attributes: attributeValues,
  };
}

/** Every field of the form: a cleared input clears the product's value (an attribute's too). */
export function updateBody(values: ProductFormValues, attributes: readonly Attribute[]): ProductUpdateBody {
  return {
    ...commonFields(values),
    ...(text(values.sku) ? { sku: values.sku.trim() } : {}),
    ...(text(values.currency) ? { currency: values.currency.trim().toUpperCase() } : {}),
    tags: values.tags,
    attributes: Object.fromEntries(
      attributes.map((attribute) => [attribute.code, attributeValue(attribute, values.attributes[attribute.code])]),
    ),
  };
}
