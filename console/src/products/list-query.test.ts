import { describe, expect, it } from 'vitest';
import { productListQuery } from './list-query';

describe('the products list query', () => {
  it('sends the defaults: newest first, first page', () => {
    expect(productListQuery({ page: 1, sort: '-created_at', filters: {} })).toEqual({
      page: 1,
      per_page: 25,
      sort_by: 'created_at',
      sort_direction: 'desc',
    });
  });

  it('sends sort, page and filters under the API’s names', () => {
    const query = productListQuery({
      page: 3,
      sort: 'name',
      filters: {
        search: 'drill',
        status: 'active',
        type: 'digital',
        category: 'c1',
        brand: 'b1',
        supplier: 's1',
        low_stock: 'true',
        in_stock: 'false',
      },
    });
    expect(query).toEqual({
      page: 3,
      per_page: 25,
      sort_by: 'name',
      sort_direction: 'asc',
      search: 'drill',
      status: 'active',
      type: 'digital',
      category_id: 'c1',
      brand_id: 'b1',
      supplier_id: 's1',
      low_stock: true,
      in_stock: false,
    });
  });

  it('asks for the chosen page size', () => {
    expect(productListQuery({ page: 2, sort: '-created_at', filters: {}, perPage: 100 })).toMatchObject({
      page: 2,
      per_page: 100,
    });
  });

  it('leaves out what the API would refuse', () => {
    const query = productListQuery({
      page: 1,
      sort: '-colour',
      filters: { status: 'sleeping', type: 'boat', low_stock: 'maybe' },
    });
    expect(query).toEqual({ page: 1, per_page: 25, sort_by: 'created_at', sort_direction: 'desc' });
  });
});
