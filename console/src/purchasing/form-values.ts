// The order form's values and how they become the API's body and back: lines are kept under `items`, as the
// API names them, so that its 422s (`items.2.quantity`) land on the line's own field.
import type { PurchaseOrder, Product } from './api';

export interface FormLine {
  /** Stable across removals, for React's keys. */
  key: string;
  product_id: string;
  product_name: string;
  product_sku: string | null;
  quantity: number | string;
  unit_price: number | string;
}

export interface OrderFormValues extends Record<string, unknown> {
  supplier_id: string | null;
  warehouse_id: string | null;
  expected_delivery_date: string;
  currency: string;
  notes: string;
  items: FormLine[];
}

let keys = 0;
const nextKey = () => `line-${++keys}`;

export function emptyOrder(warehouseId: string | null): OrderFormValues {
  return {
    supplier_id: null,
    warehouse_id: warehouseId,
    expected_delivery_date: '',
    currency: '',
    notes: '',
    items: [],
  };
}

export function orderToValues(order: PurchaseOrder): OrderFormValues {
  return {
    supplier_id: order.supplier_id,
    warehouse_id: order.warehouse_id,
    expected_delivery_date: order.expected_delivery_date?.slice(0, 10) ?? '',
    currency: order.currency,
    notes: order.notes ?? '',
    items: (order.items ?? []).map((item) => ({
      key: nextKey(),
      product_id: item.product_id,
      product_name: item.product_name,
      product_sku: item.product_sku,
      quantity: item.quantity_ordered,
      unit_price: item.unit_price,
    })),
  };
}

/** A new line for a product picked in the search, priced at its cost price when it has one. */
export function lineForProduct(product: Product): FormLine {
  return {
    key: nextKey(),
    product_id: product.id,
    product_name: product.name,
    product_sku: product.sku,
    quantity: 1,
    unit_price: product.cost_price ?? 0,
  };
}

export function valuesToBody(values: OrderFormValues) {
  return {
    supplier_id: values.supplier_id ?? '',
    warehouse_id: values.warehouse_id ?? '',
    expected_delivery_date: values.expected_delivery_date || null,
    currency: values.currency.trim().toUpperCase() || undefined,
    notes: values.notes.trim() || null,
    items: values.items.map((line) => ({
      product_id: line.product_id,
      quantity: Number(line.quantity),
      unit_price: Number(line.unit_price),
    })),
  };
}
