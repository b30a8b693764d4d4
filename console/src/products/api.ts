// The products area's reads and writes: query keys (all under 'products') and the calls, so that pages share
// one cache entry per answer and a write knows what to invalidate.
import { api, unwrap } from '../api/client';
import type { LifecycleAction } from './lifecycle';
import type { Attribute, Product } from './model';

export const productKeys = {
  lists: () => ['products', 'list'] as const,
  list: (query: object) => ['products', 'list', query] as const,
  detail: (id: string) => ['products', 'detail', id] as const,
  /** Everything shown about one product (its stock, documents, activity): refreshed after any change to it. */
  about: (id: string) => ['products', 'about', id] as const,
  attributes: () => ['products', 'attributes'] as const,
  options: (source: string, term: string) => ['products', 'options', source, term] as const,
  option: (source: string, id: string) => ['products', 'option', source, id] as const,
};

export async function fetchProduct(id: string): Promise<Product> {
  return (await unwrap(api.GET('/api/v1/operations/products/{id}', { params: { path: { id } } }))).data;
}

/** Every attribute definition, in the API's order (sort_order, then code). */
export async function fetchAttributes(): Promise<Attribute[]> {
  const attributes: Attribute[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await unwrap(
      api.GET('/api/v1/operations/attributes', {
        params: { query: { page, per_page: 100, sort_by: 'sort_order', sort_direction: 'asc' } },
      }),
    );
    attributes.push(...answer.data);
    if (page >= answer.meta.last_page) return attributes;
  }
}

export async function runLifecycleAction(id: string, action: LifecycleAction, reason: string | null): Promise<Product> {
  const params = { path: { id } };
  const body = { reason };
  switch (action) {
    case 'activate':
      return (await unwrap(api.POST('/api/v1/operations/products/{id}/activate', { params }))).data;
    case 'submit-for-review':
      return (await unwrap(api.POST('/api/v1/operations/products/{id}/submit-for-review', { params }))).data;
    case 'approve':
      return (await unwrap(api.POST('/api/v1/operations/products/{id}/approve', { params }))).data;
    case 'revise':
      return (await unwrap(api.POST('/api/v1/operations/products/{id}/revise', { params }))).data;
    case 'deactivate':
      return (await unwrap(api.POST('/api/v1/operations/products/{id}/deactivate', { params, body }))).data;
    case 'discontinue':
      return (await unwrap(api.POST('/api/v1/operations/products/{id}/discontinue', { params, body }))).data;
    case 'decline':
      return (await unwrap(api.POST('/api/v1/operations/products/{id}/decline', { params, body }))).data;
    case 'return-for-revisions':
      return (await unwrap(api.POST('/api/v1/operations/products/{id}/return-for-revisions', { params, body }))).data;
  }
}
