import { describe, expect, it } from 'vitest';
import type { BusinessRuleError } from '../../../core/errors.js';
import { balanceRefusal, movedQuantity, movementRow } from './ledger-rules.js';

describe('stock ledger rules', () => {
  it('writes a movement that restates the quantity before the change from the one after', () => {
    expect(
      movementRow(
        'm1',
        { tenantId: 't1', reason: 'Damaged', userId: 'u1' },
        'p1',
        'w1',
        'adjustment',
        -3,
        7,
        '2026-01-02T03:04:05.000Z',
      ),
    ).toEqual({
      id: 'm1',
      tenant_id: 't1',
      product_id: 'p1',
      warehouse_id: 'w1',
      type: 'adjustment',
      quantity: -3,
      quantity_before: 10,
      quantity_after: 7,
      reason: 'Damaged',
      notes: null,
      reference_type: null,
      reference_id: null,
      created_by: 'u1',
      created_at: '2026-01-02T03:04:05.000Z',
    });
  });

  it('moves reserved stock by reservations and releases, on-hand stock by every other type', () => {
    expect(movedQuantity('reservation')).toBe('quantity_reserved');
    expect(movedQuantity('release')).toBe('quantity_reserved');
    for (const type of ['adjustment', 'initial_stock', 'purchase_receipt', 'physical_count'] as const)
      expect(movedQuantity(type)).toBe('quantity_on_hand');
  });

  it('refuses a change naming what the record holds', () => {
    const record = { quantity_on_hand: 5, quantity_reserved: 2 };
    const refusal = (error: BusinessRuleError) => ({ code: error.code, message: error.message });
    expect(refusal(balanceRefusal('on_hand', record, -6))).toEqual({
      code: 'insufficient_stock',
      message: 'Stock cannot be negative. Current: 5, Adjustment: -6',
    });
    expect(refusal(balanceRefusal('reservation', record, 4))).toEqual({
      code: 'insufficient_stock',
      message: 'Insufficient available stock. Available: 3, Requested: 4',
    });
    expect(refusal(balanceRefusal('release', record, 3))).toEqual({
      code: 'exceeds_reserved',
      message: 'Cannot release more than is reserved. Reserved: 2, Requested: 3',
    });
  });

  it('refuses a change to a missing record as to an empty one', () => {
    expect(balanceRefusal('on_hand', undefined, -1).message).toBe(
      'Stock cannot be negative. Current: 0, Adjustment: -1',
    );
    expect(balanceRefusal('reservation', undefined, 1).message).toBe(
      'Insufficient available stock. Available: 0, Requested: 1',
    );
  });
});
