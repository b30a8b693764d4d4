import { describe, expect, it } from 'vitest';
import { resolveBarcode } from './barcode.js';
import {
  INITIAL_STOCK_REFUSED,
  inputRefusals,
  linksSent,
  newProductRow,
  resolveInput,
  type Claimed,
} from './product-creation.js';
import { STATUS_REFUSED } from './product-fields.js';
import type { ProductCreateBody } from './product.schemas.js';

const nothingTaken = { takenSkus: new Set<string>(), takenSlugs: new Set<string>(), barcodeHolders: new Map() };
const noClaims = (): Claimed => ({ sku: new Set(), slug: new Set(), barcode: new Map() });
const resolved = (input: ProductCreateBody, defaultCurrency: string | null = 'EUR') =>
  resolveInput(input, input.name.trim(), resolveBarcode(input, null), defaultCurrency);

describe('product creation: resolving an input', () => {
  it("takes the type's traits and the tenant's currency for what is not sent", () => {
    expect(resolved({ name: ' Lamp ' })).toMatchObject({
      name: 'Lamp',
      type: 'physical',
      currency: 'EUR',
      trackInventory: true,
    });
    expect(resolved({ name: 'Voucher', type: 'digital', currency: 'USD' })).toMatchObject({
      type: 'digital',
      currency: 'USD',
      trackInventory: false,
    });
  });
});

describe('product creation: refusals', () => {
  it('accepts a valid input', () => {
    expect(inputRefusals({ name: 'Lamp' }, resolved({ name: 'Lamp' }), nothingTaken, noClaims(), {})).toBeNull();
  });

  it("answers the input's own fields first, then its keys, barcode, links and attributes", () => {
    const input: ProductCreateBody = {
      name: 'ab',
      status: 'active',
      type: 'digital',
      stock_quantity: 2,
      sku: 'A-1',
      slug: 'lamp',
    };
    const refusals = inputRefusals(
      input,
      resolved(input),
      { ...nothingTaken, takenSkus: new Set(['A-1']), takenSlugs: new Set(['lamp']) },
      noClaims(),
      { category_id: ['The selected category does not exist.'] },
    );
    expect(refusals).toEqual({
      errors: {
        status: [STATUS_REFUSED],
        name: ['The name field must be at least 3 characters.'],
        stock_quantity: [INITIAL_STOCK_REFUSED],
        sku: ['The sku has already been taken.'],
      },
      later: { slug: ['The slug has already been taken.'], category_id: ['The selected category does not exist.'] },
    });
  });

  it('refuses the keys an input before it in the batch claimed', () => {
    const claimed = noClaims();
    claimed.sku.add('A-1');
    claimed.barcode.set('4006381333931', { id: 'p1', sku: 'A-1' });
    const input: ProductCreateBody = { name: 'Lamp', sku: 'A-1', barcode: '4006381333931' };
    expect(inputRefusals(input, resolved(input), nothingTaken, claimed, {})).toEqual({
      errors: { sku: ['The sku has already been taken.'] },
      later: { barcode: ['The barcode is already used by product A-1 (p1).'] },
    });
  });

  it('refuses a currency that is not one', () => {
    const input: ProductCreateBody = { name: 'Lamp', currency: 'XXY' };
    expect(inputRefusals(input, resolved(input), nothingTaken, noClaims(), {})?.errors).toEqual({
      currency: ['The currency XXY is not an ISO 4217 currency code.'],
    });
  });
});

describe('product creation: the row', () => {
  it('is a draft without stock, its amounts in minor units and its optional text trimmed', () => {
    const input: ProductCreateBody = {
      name: 'Lamp',
      selling_price: 12.5,
      description: '  Bright  ',
      stock_quantity: 3,
    };
    const row = newProductRow('p1', 'PRD-1', 't1', input, resolved(input), '2026-01-02T03:04:05.000Z');
    expect(row).toMatchObject({
      id: 'p1',
      tenant_id: 't1',
      sku: 'PRD-1',
      slug: '',
      status: 'draft',
      stock_quantity: 0,
      selling_price: 1250,
      cost_price: null,
      currency: 'EUR',
      description: 'Bright',
      requires_shipping: true,
      dimensions_unit: 'cm',
      created_at: '2026-01-02T03:04:05.000Z',
    });
  });
});

describe('product creation: links to present', () => {
  it('reads tags and attribute values only when a new product was sent some', () => {
    const accepted = (tags: string[], value: string | null) => ({
      input: { name: 'Lamp', tags },
      attributes: new Map([['a1', value]]),
    });
    expect(linksSent([accepted([], null)])).toEqual({ tags: false, attributes: false });
    expect(linksSent([accepted([], null), accepted(['t1'], 'red')])).toEqual({ tags: true, attributes: true });
  });
});
