// The order form's values and how they become the API's body and back. Lines are kept under `lines` and the new
// customer under `customer`, as the API names them, so that its 422s (`lines.1.quantity`, `customer.name`) land
// on their own fields.
import type { Product } from '../products/model';
import { addressBody, addressValues, type AddressValues } from './address';
import type { SalesOrder } from './api';

export interface FormLine {
  /** Stable across removals, for React's keys. */
  key: string;
  /** The saved line's id: kept (with what it shipped) when the order is saved again. */
  id?: string;
  product_id: string;
  product_name: string;
  product_sku: string | null;
  quantity: number | string;
  unit_price: number | string;
  discount_amount: number | string;
}

export interface OrderFormValues extends Record<string, unknown> {
  customer_id: string | null;
  /** A customer created with the order, in place of `customer_id`. */
  new_customer: boolean;
  customer: { name: string; email: string; company: string };
  channel: string;
  external_ref: string;
  currency: string;
  requested_ship_date: string;
  /** Under the API's name, so that `ship_to.country` lands at its field. */
  ship_to: AddressValues;
  priority: number | string;
  notes: string;
  discount_amount: number | string;
  shipping_amount: number | string;
  tax_amount: number | string;
  lines: FormLine[];
}

let keys = 0;
const nextKey = () => `line-${++keys}`;

export function emptyOrder(customerId: string | null = null): OrderFormValues {
  return {
    customer_id: customerId,
    new_customer: false,
    customer: { name: '', email: '', company: '' },
    channel: '',
    external_ref: '',
    currency: '',
    requested_ship_date: '',
    ship_to: addressValues(null),
    priority: 0,
    notes: '',
    discount_amount: 0,
    shipping_amount: 0,
    tax_amount: 0,
    lines: [],
  };
}

export function orderToValues(order: SalesOrder): OrderFormValues {
  return {
    ...emptyOrder(order.customer_id),
    channel: order.channel ?? '',
    external_ref: order.external_ref ?? '',
    currency: order.currency,
    requested_ship_date: order.requested_ship_date?.slice(0, 10) ?? '',
    ship_to: addressValues(order.ship_to),
    priority: order.priority,
    notes: order.notes ?? '',
    discount_amount: order.discount_amount,
    shipping_amount: order.shipping_amount,
    tax_amount: order.tax_amount,
    lines: (order.lines ?? []).map((line) => ({
      key: nextKey(),
      id: line.id,
      product_id: line.product_id,
      product_name: line.product_name,
      product_sku: line.product_sku,
      quantity: line.quantity,
      unit_price: line.unit_price,
      discount_amount: line.discount_amount,
    })),
  };
}

/** A new line for a product picked in the search, priced at its selling price when it has one. */
export function lineForProduct(product: Pick<Product, 'id' | 'name' | 'sku' | 'selling_price'>): FormLine {
  return {
    key: nextKey(),
    product_id: product.id,
    product_name: product.name,
    product_sku: product.sku,
    quantity: 1,
    unit_price: product.selling_price ?? 0,
    discount_amount: 0,
  };
}

/** Adds one of the product: to its line when it has one already (a second scan), else as a new line. */
export function addProduct(lines: readonly FormLine[], product: Parameters<typeof lineForProduct>[0]): FormLine[] {
  const at = lines.findIndex((line) => line.product_id === product.id);
  if (at < 0) return [...lines, lineForProduct(product)];
  return lines.map((line, index) => (index === at ? { ...line, quantity: Number(line.quantity) + 1 } : line));
}

const amount = (value: number | string) => Number(value) || 0;
const text = (value: string) => value.trim() || null;

function linesBody(values: OrderFormValues) {
  return values.lines.map((line) => ({
    ...(line.id ? { id: line.id } : {}),
    product_id: line.product_id,
    quantity: Number(line.quantity),
    unit_price: Number(line.unit_price),
    discount_amount: amount(line.discount_amount),
  }));
}

function headerBody(values: OrderFormValues) {
  return {
    requested_ship_date: values.requested_ship_date || null,
    priority: Number(values.priority) || 0,
    notes: text(values.notes),
    discount_amount: amount(values.discount_amount),
    shipping_amount: amount(values.shipping_amount),
    tax_amount: amount(values.tax_amount),
  };
}

export function createBody(values: OrderFormValues) {
  const customer = values.new_customer
    ? {
        customer: {
          name: values.customer.name.trim(),
          email: text(values.customer.email),
          company: text(values.customer.company),
        },
      }
    : { customer_id: values.customer_id ?? '' };
  return {
    ...customer,
    channel: text(values.channel),
    external_ref: text(values.external_ref),
    currency: values.currency.trim().toUpperCase() || undefined,
    ...headerBody(values),
    // Left empty, the order ships to the customer's shipping address.
    ship_to: addressBody(values.ship_to) ?? undefined,
    lines: linesBody(values),
  };
}

/** The update of a saved order: customer and currency only while a draft, lines only where they may change. */
export function updateBody(values: OrderFormValues, may: { customer: boolean; lines: boolean }) {
  return {
    ...(may.customer
      ? { customer_id: values.customer_id ?? '', currency: values.currency.trim().toUpperCase() || undefined }
      : {}),
    ...headerBody(values),
    ship_to: addressBody(values.ship_to),
    ...(may.lines ? { lines: linesBody(values) } : {}),
  };
}
