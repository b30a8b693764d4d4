import { describe, expect, it } from 'vitest';
import { BusinessRuleError } from '../../../core/errors.js';
import { allowedShipmentActions, assertOrderCanShip, assertShipmentCan } from './shipment.states.js';

describe('shipment states', () => {
  it('allows the next steps of each status, cancel only before shipping', () => {
    expect(allowedShipmentActions('draft')).toEqual(['pick', 'pack', 'ship', 'cancel']);
    expect(allowedShipmentActions('picking')).toEqual(['pack', 'ship', 'cancel']);
    expect(allowedShipmentActions('packed')).toEqual(['ship', 'cancel']);
    expect(allowedShipmentActions('shipped')).toEqual(['deliver']);
    expect(allowedShipmentActions('delivered')).toEqual([]);
    expect(allowedShipmentActions('cancelled')).toEqual([]);
  });

  it('refuses with invalid_transition naming the status and the allowed ones', () => {
    expect(() => assertShipmentCan('shipped', 'cancel')).toThrow(
      'Cannot cancel a shipment whose status is shipped; only draft, picking, packed shipments can be cancelled.',
    );
    try {
      assertShipmentCan('delivered', 'ship');
    } catch (error) {
      expect(error).toBeInstanceOf(BusinessRuleError);
      expect((error as BusinessRuleError).code).toBe('invalid_transition');
    }
    expect(() => assertShipmentCan('packed', 'ship')).not.toThrow();
  });

  it('lets only confirmed and partially shipped orders ship', () => {
    expect(() => assertOrderCanShip('confirmed', 'ship')).not.toThrow();
    expect(() => assertOrderCanShip('partially_shipped', 'ship')).not.toThrow();
    for (const status of ['on_hold', 'cancelled', 'draft', 'shipped'])
      expect(() => assertOrderCanShip(status, 'ship')).toThrow(
        `Cannot ship a sales order whose status is ${status}; only confirmed, partially_shipped orders can ship.`,
      );
  });
});
