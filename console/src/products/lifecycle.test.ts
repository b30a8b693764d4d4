import { describe, expect, it } from 'vitest';
import { availableActions } from './lifecycle';

const manager = ['operations:view-products', 'operations:edit-products', 'operations:discontinue-products'];

describe('lifecycle actions a product offers', () => {
  it('follows the status', () => {
    expect(availableActions('draft', manager)).toEqual(['submit-for-review', 'activate', 'decline']);
    expect(availableActions('pending_approval', manager)).toEqual(['approve', 'return-for-revisions', 'decline']);
    expect(availableActions('active', manager)).toEqual(['deactivate', 'discontinue']);
    expect(availableActions('inactive', manager)).toEqual(['activate', 'discontinue']);
    expect(availableActions('out_of_stock', manager)).toEqual(['discontinue']);
    expect(availableActions('rejected', manager)).toEqual(['revise']);
    expect(availableActions('discontinued', manager)).toEqual([]);
  });

  it('needs the ability of each action', () => {
    expect(availableActions('active', ['operations:view-products'])).toEqual([]);
    expect(availableActions('active', ['operations:edit-products'])).toEqual(['deactivate']);
    expect(availableActions('inactive', ['operations:discontinue-products'])).toEqual(['discontinue']);
  });
});
