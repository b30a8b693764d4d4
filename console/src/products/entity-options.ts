// The records a product links to (category, brand, supplier, tags) as options of a searchable select: the first
// matches of what the user types, and the one record already chosen (from a link or a reload) by its id.
import { api, unwrap } from '../api/client';
import type { EntityOption } from './option-list';

export interface EntitySource {
  /** Part of the query key. */
  name: string;
  search(term: string): Promise<EntityOption[]>;
  get(id: string): Promise<EntityOption>;
}

const FIRST = { page: 1, per_page: 50 } as const;
const search = (term: string) => (term.trim() === '' ? {} : { search: term.trim() });

export const categorySource: EntitySource = {
  name: 'category',
  async search(term) {
    const answer = await unwrap(
      api.GET('/api/v1/operations/product-categories', {
        params: { query: { ...FIRST, ...search(term), sort_by: 'name', sort_direction: 'asc' } },
      }),
    );
    return answer.data.map((category) => ({ value: category.id, label: category.name }));
  },
  async get(id) {
    const { data } = await unwrap(api.GET('/api/v1/operations/product-categories/{id}', { params: { path: { id } } }));
    return { value: data.id, label: data.name };
  },
};

export const brandSource: EntitySource = {
  name: 'brand',
  async search(term) {
    const answer = await unwrap(
      api.GET('/api/v1/operations/brands', {
        params: { query: { ...FIRST, ...search(term), sort_by: 'name', sort_direction: 'asc' } },
      }),
    );
    return answer.data.map((brand) => ({ value: brand.id, label: brand.name }));
  },
  async get(id) {
    const { data } = await unwrap(api.GET('/api/v1/operations/brands/{id}', { params: { path: { id } } }));
    return { value: data.id, label: data.name };
  },
};

export const supplierSource: EntitySource = {
  name: 'supplier',
  async search(term) {
    const answer = await unwrap(
      api.GET('/api/v1/operations/suppliers', {
        params: { query: { ...FIRST, ...search(term), sort_by: 'name', sort_direction: 'asc' } },
      }),
    );
    return answer.data.map((supplier) => ({ value: supplier.id, label: `${supplier.name} (${supplier.code})` }));
  },
  async get(id) {
    const { data } = await unwrap(api.GET('/api/v1/operations/suppliers/{id}', { params: { path: { id } } }));
    return { value: data.id, label: `${data.name} (${data.code})` };
  },
};

export const tagSource: EntitySource = {
  name: 'tag',
  async search(term) {
    const answer = await unwrap(
      api.GET('/api/v1/operations/tags', {
        params: { query: { ...FIRST, ...search(term), sort_by: 'name', sort_direction: 'asc' } },
      }),
    );
    return answer.data.map((tag) => ({ value: tag.id, label: tag.name }));
  },
  async get(id) {
    const { data } = await unwrap(api.GET('/api/v1/operations/tags/{id}', { params: { path: { id } } }));
    return { value: data.id, label: data.name };
  },
};
