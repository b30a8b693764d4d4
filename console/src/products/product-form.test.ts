import { describe, expect, it } from 'vitest';
import type { Attribute } from './model';
import { attributeInput, attributeValue, createBody, newProductValues, typeDefaults, updateBody } from './product-form';

const attribute = (code: string, type: Attribute['type'], default_value: unknown = null) =>
  ({ code, type, default_value }) as Attribute;
const voltage = attribute('voltage', 'number');
const colours = attribute('colours', 'multiselect');
const cordless = attribute('cordless', 'boolean', true);
const specs = attribute('specs', 'json');

describe('attribute inputs', () => {
  it('turn typed values into input contents and back', () => {
    expect(attributeInput(voltage, 18)).toBe(18);
    expect(attributeValue(voltage, 18)).toBe(18);
    expect(attributeInput(cordless, false)).toBe('false');
    expect(attributeValue(cordless, 'false')).toBe(false);
    expect(attributeInput(colours, ['Red'])).toEqual(['Red']);
    expect(attributeValue(colours, [])).toBeNull();
    expect(attributeValue(specs, attributeInput(specs, { a: [1] }))).toEqual({ a: [1] });
    expect(attributeValue(specs, '{broken')).toBe('{broken');
    expect(attributeInput(voltage, null)).toBe('');
    expect(attributeValue(voltage, '')).toBeNull();
  });
});

describe('product bodies', () => {
  const attributes = [voltage, colours, cordless];

  it('starts a new product with the type defaults and the attributes’ defaults', () => {
    const values = newProductValues(attributes);
    expect(values.attributes).toEqual({ voltage: '', colours: [], cordless: 'true' });
    expect(typeDefaults('service')).toEqual({ track_inventory: false, requires_shipping: false });
    expect(values.track_inventory).toBe(true);
  });

  it('leaves blanks out of a creation so the API applies its defaults', () => {
    const values = {
      ...newProductValues(attributes),
      name: ' Drill ',
      selling_price: 129.9,
      attributes: { voltage: 18, colours: [], cordless: 'true' },
    };
    const body = createBody(values, attributes);
    expect(body).toMatchObject({
      name: 'Drill',
      type: 'physical',
      selling_price: 129.9,
      attributes: { voltage: 18, cordless: true },
    });
    expect(body).not.toHaveProperty('sku');
    expect(body).not.toHaveProperty('currency');
    expect(body).not.toHaveProperty('cost_price');
    expect(body).not.toHaveProperty('stock_quantity');
    expect(body.attributes).not.toHaveProperty('colours');
  });

  it('clears on update what the form cleared', () => {
    const values = {
      ...newProductValues(attributes),
      name: 'Drill',
      sku: 'DRL-1',
      currency: 'eur',
      attributes: { voltage: '', colours: ['Red'], cordless: 'false' },
    };
    const body = updateBody(values, attributes);
    expect(body).toMatchObject({
      sku: 'DRL-1',
      currency: 'EUR',
      cost_price: null,
      barcode: null,
      attributes: { voltage: null, colours: ['Red'], cordless: false },
    });
  });
});
