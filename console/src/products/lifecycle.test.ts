import { describe, expect, it } from 'vitest';
import { availableActions } from './lifecycle';

const manager = ['operations:view-products', 'operations:edit-products', 'operations:discontinue-products'];

describe('lifecycle actions a product offers', () => {
  it("offers what the API allows, in the API's order", () => {
    expect(availableActions({ allowed_actions: ['submit-for-review', 'activate', 'decline'] }, manager)).toEqual([
      'submit-for-review',
      'activate',
      'decline',
    ]);
    expect(availableActions({ allowed_actions: [] }, manager)).toEqual([]);
  });

  it('needs the ability of each action', () => {
    expect(availableActions({ allowed_actions: ['deactivate', 'discontinue'] }, ['operations:view-products'])).toEqual(
      [],
    );
    expect(availableActions({ allowed_actions: ['deactivate', 'discontinue'] }, ['operations:edit-products'])).toEqual([
      'deactivate',
    ]);
    expect(
      availableActions({ allowed_actions: ['activate', 'discontinue'] }, ['operations:discontinue-products']),
    ).toEqual(['discontinue']);
  });
});
