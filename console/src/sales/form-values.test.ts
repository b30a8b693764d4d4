import { describe, expect, it } from 'vitest';
import { addProduct, createBody, emptyOrder, updateBody } from './form-values';

const drill = { id: 'p1', name: 'Drill', sku: 'DRL', selling_price: 99.5 };

describe('the sales order form', () => {
  it("adds a product at its selling price, and a second scan to the product's line", () => {
    const once = addProduct([], drill);
    expect(once).toMatchObject([{ product_id: 'p1', quantity: 1, unit_price: 99.5, discount_amount: 0 }]);
    const twice = addProduct(once, drill);
    expect(twice).toHaveLength(1);
    expect(twice[0]!.quantity).toBe(2);
    expect(addProduct([], { ...drill, selling_price: null })[0]!.unit_price).toBe(0);
  });

  it('sends a new customer in place of the customer id', () => {
    const values = { ...emptyOrder(), new_customer: true, customer: { name: ' Ada ', email: '', company: 'AE' } };
    values.lines = addProduct([], drill);
    const body = createBody(values);
    expect(body).toMatchObject({ customer: { name: 'Ada', email: null, company: 'AE' }, channel: null });
    expect(body).not.toHaveProperty('customer_id');
    expect(body.lines).toEqual([{ product_id: 'p1', quantity: 1, unit_price: 99.5, discount_amount: 0 }]);
  });

  it('leaves out what a saved order may no longer change', () => {
    const values = { ...emptyOrder('c1'), currency: 'eur', lines: addProduct([], drill) };
    expect(updateBody(values, { customer: false, lines: false })).not.toHaveProperty('lines');
    expect(updateBody(values, { customer: false, lines: false })).not.toHaveProperty('customer_id');
    expect(updateBody(values, { customer: true, lines: true })).toMatchObject({ customer_id: 'c1', currency: 'EUR' });
  });

  it("sends the ship-to address, the customer's when a new order leaves it empty", () => {
    const values = { ...emptyOrder('c1'), lines: addProduct([], drill) };
    expect(createBody(values).ship_to).toBeUndefined();
    expect(updateBody(values, { customer: false, lines: false }).ship_to).toBeNull();
    values.ship_to = { ...values.ship_to, street: ' 3 Dock Road ', city: 'Hull', country: 'gb' };
    const shipTo = { street: '3 Dock Road', city: 'Hull', state: null, postal_code: null, country: 'GB' };
    expect(createBody(values).ship_to).toEqual(shipTo);
    expect(updateBody(values, { customer: false, lines: false }).ship_to).toEqual(shipTo);
  });
});
