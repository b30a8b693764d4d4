import { describe, expect, it } from 'vitest';
import { movementColor } from './movement-types';

describe('a movement colour', () => {
  it('follows the direction of on-hand stock', () => {
    expect(movementColor({ is_inbound: true, is_outbound: false })).toBe('teal');
    expect(movementColor({ is_inbound: false, is_outbound: true })).toBe('red');
    expect(movementColor({ is_inbound: false, is_outbound: false })).toBe('gray');
  });
});
