import { describe, expect, it } from 'vitest';
import { ApiError, errorMessage, humanize, placeFieldErrors } from './errors';

const invalid = (errors: Record<string, string[]>) =>
  new ApiError(422, { message: 'The given data was invalid.', code: 'validation_failed', errors });

describe('placing the API 422 messages on a form', () => {
  it('puts each message at the field the API names, nested paths included', () => {
    const error = invalid({ sku: ['The sku has already been taken.'], 'lines.1.quantity': ['Must be at least 1.'] });
    expect(placeFieldErrors(error, ['sku', 'name', 'lines'])).toEqual({
      fields: { sku: 'The sku has already been taken.', 'lines.1.quantity': 'Must be at least 1.' },
      unplaced: [],
    });
  });

  it('renames through aliases and joins several messages of one field', () => {
    const error = invalid({ category_id: ['Unknown category.', 'Must be active.'] });
    expect(placeFieldErrors(error, ['category'], { category_id: 'category' }).fields).toEqual({
      category: 'Unknown category. Must be active.',
    });
  });

  it('returns what the form has no field for, named as a person reads it, so that nothing is lost', () => {
    const error = invalid({ 'lines.0.unit_cost': ['Must be positive.'], warehouse_id: ['Unknown warehouse.'] });
    expect(placeFieldErrors(error, ['notes'])).toEqual({
      fields: {},
      unplaced: ['Line 1 unit cost: Must be positive.', 'Warehouse id: Unknown warehouse.'],
    });
  });
});

describe('error messages', () => {
  it('uses the API message, and says when to retry after a 429', () => {
    expect(errorMessage(new ApiError(409, { message: 'The brand has products.' }))).toBe('The brand has products.');
    expect(errorMessage(new ApiError(429, undefined, 30))).toBe(
      'Too many attempts. Wait a moment and try again. Try again in 30 s.',
    );
  });

  it('explains a network failure and a server failure without a body', () => {
    expect(errorMessage(new ApiError(0, undefined))).toMatch(/cannot be reached/);
    expect(errorMessage(new ApiError(503, undefined))).toMatch(/failed to answer/);
  });

  it('humanizes dotted names', () => {
    expect(humanize('reorder_point')).toBe('Reorder point');
    expect(humanize('items.2.sku')).toBe('Item 3 sku');
  });
});
