import { describe, expect, it } from 'vitest';
import { BusinessRuleError } from './errors.js';
import { stateMachine } from './state-machine.js';

type Door = 'open' | 'closed' | 'locked' | 'gone';
type DoorAction = 'open' | 'close' | 'lock' | 'unlock' | 'remove';

const door = stateMachine<Door, DoorAction>({
  transitions: {
    open: { from: ['closed'] },
    close: { from: ['open'] },
    lock: { from: ['closed'] },
    unlock: { from: ['locked'] },
    remove: { from: ['open', 'closed'] },
  },
  order: ['unlock', 'open', 'close', 'lock', 'remove'],
  refusalMessage: (action, state) => `Cannot ${action} a door that is ${state}.`,
});

describe('stateMachine', () => {
  it('allows an action only from the states it starts from', () => {
    expect(door.can('closed', 'open')).toBe(true);
    expect(door.can('open', 'open')).toBe(false);
    expect(door.can('gone', 'remove')).toBe(false);
  });

  it("lists the actions a state allows in the table's order, none for a final state", () => {
    expect(door.allowedActions('closed')).toEqual(['open', 'lock', 'remove']);
    expect(door.allowedActions('open')).toEqual(['close', 'remove']);
    expect(door.allowedActions('locked')).toEqual(['unlock']);
    expect(door.allowedActions('gone')).toEqual([]);
  });

  it("refuses with the kernel's invalid_transition and the table's message", () => {
    const refusal = door.refusal('locked', 'open');
    expect(refusal).toBeInstanceOf(BusinessRuleError);
    expect(refusal.code).toBe('invalid_transition');
    expect(refusal.message).toBe('Cannot open a door that is locked.');
  });

  it('throws the refusal only when the state does not allow the action', () => {
    expect(() => door.assertCan('closed', 'lock')).not.toThrow();
    expect(() => door.assertCan('open', 'lock')).toThrow(
      expect.objectContaining({ code: 'invalid_transition', message: 'Cannot lock a door that is open.' }),
    );
  });
});
