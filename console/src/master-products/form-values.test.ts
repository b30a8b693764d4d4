import { describe, expect, it } from 'vitest';
import { formValuesOf, masterBody } from './form-values';

describe('the master product form body', () => {
  it('leaves the slug and currency to the API on create, and sends blanks as null', () => {
    const values = { ...formValuesOf(null), name: ' Work shirt ', sku: 'SHIRT', base_price: 24.9 };
    const body = masterBody(values, true);
    expect(body).toMatchObject({
      name: 'Work shirt',
      sku: 'SHIRT',
      base_price: 24.9,
      base_cost_price: null,
      brand: null,
      status: 'draft',
    });
    expect(body).not.toHaveProperty('slug');
    expect(body).not.toHaveProperty('currency');
  });

  it('sends the slug and currency on edit, the currency upper-cased', () => {
    const body = masterBody({ ...formValuesOf(null), name: 'Shirt', slug: 'shirt', currency: 'eur' }, false);
    expect(body).toMatchObject({ slug: 'shirt', currency: 'EUR' });
  });
});
