// The records the command palette searches, each kind by its API list's `search` (products by the exact-code
// lookup too, so that a scanned or typed code's product comes first), each record opening its own page. A kind
// is searched only for a user whose abilities read it (palette-search.ts).
import { api, unwrap } from '../api/client';
import { lookupProduct } from '../products/api';
import { PER_GROUP, type RecordSource } from './palette-search';

/** `partially_received` → `Partially received`. */
function humanize(code: string): string {
  const words = code.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function joined(...parts: (string | null | undefined)[]): string {
  return parts.filter(Boolean).join(' · ');
}

/** A code a scanner or a person may type: one word of a few characters. */
function looksLikeCode(term: string): boolean {
  return term.length >= 3 && !/\s/.test(term);
}

export const RECORD_SOURCES: RecordSource[] = [
  {
    group: 'Products',
    ability: 'operations:view-products',
    search: async (term, signal) => {
      const [exact, page] = await Promise.all([
        looksLikeCode(term) ? lookupProduct(term) : null,
        unwrap(
          api.GET('/api/v1/operations/products', {
            params: { query: { page: 1, per_page: PER_GROUP, search: term } },
            signal,
          }),
        ),
      ]);
      const products = exact ? [exact, ...page.data.filter((product) => product.id !== exact.id)] : page.data;
      return products.slice(0, PER_GROUP).map((product) => ({
        key: `product:${product.id}`,
        label: product.name,
        description: joined(product.sku, product.barcode),
        to: `/products/${product.id}`,
      }));
    },
  },
  {
    group: 'Purchase orders',
    ability: 'operations:view-purchase-orders',
    search: async (term, signal) =>
      (
        await unwrap(
          api.GET('/api/v1/operations/purchase-orders', {
            params: {
              query: { page: 1, per_page: PER_GROUP, search: term, sort_by: 'created_at', sort_direction: 'desc' },
            },
            signal,
          }),
        )
      ).data.map((order) => ({
        key: `purchase-order:${order.id}`,
        label: order.po_number,
        description: joined(order.supplier?.name, humanize(order.status)),
        to: `/purchase-orders/${order.id}`,
      })),
  },
  {
    group: 'Sales orders',
    ability: 'sales:view-orders',
    search: async (term, signal) =>
      (
        await unwrap(
          api.GET('/api/v1/sales/orders', {
            params: {
              query: { page: 1, per_page: PER_GROUP, search: term, sort_by: 'created_at', sort_direction: 'desc' },
            },
            signal,
          }),
        )
      ).data.map((order) => ({
        key: `sales-order:${order.id}`,
        label: order.order_number,
        description: joined(order.customer?.name, humanize(order.status)),
        to: `/sales/orders/${order.id}`,
      })),
  },
  {
    group: 'Suppliers',
    ability: 'operations:view-suppliers',
    search: async (term, signal) =>
      (
        await unwrap(
          api.GET('/api/v1/operations/suppliers', {
            params: { query: { page: 1, per_page: PER_GROUP, search: term, sort_by: 'name', sort_direction: 'asc' } },
            signal,
          }),
        )
      ).data.map((supplier) => ({
        key: `supplier:${supplier.id}`,
        label: supplier.name,
        description: joined(supplier.code, humanize(supplier.status)),
        to: `/catalog/suppliers/${supplier.id}`,
      })),
  },
  {
    group: 'Customers',
    ability: 'crm:view-customers',
    search: async (term, signal) =>
      (
        await unwrap(
          api.GET('/api/v1/crm/customers', {
            params: { query: { page: 1, per_page: PER_GROUP, search: term, sort_by: 'name', sort_direction: 'asc' } },
            signal,
          }),
        )
      ).data.map((customer) => ({
        key: `customer:${customer.id}`,
        label: customer.name,
        description: joined(customer.company, customer.email),
        to: `/customers/${customer.id}`,
      })),
  },
];
