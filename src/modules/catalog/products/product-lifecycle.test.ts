import { describe, expect, it } from 'vitest';
import { ALLOWED_ACTION_ORDER, LIFECYCLE_ACTIONS, TRANSITIONS, allowedActions } from './product-lifecycle.js';

describe('product lifecycle: allowed actions', () => {
  it('lists every action once', () => {
    expect([...ALLOWED_ACTION_ORDER].sort()).toEqual([...LIFECYCLE_ACTIONS].sort());
  });

  it('answers the actions each status allows, the usual next step first', () => {
    expect(allowedActions('draft')).toEqual(['submit-for-review', 'activate', 'decline']);
    expect(allowedActions('pending_approval')).toEqual(['approve', 'return-for-revisions', 'decline']);
    expect(allowedActions('active')).toEqual(['deactivate', 'discontinue']);
    expect(allowedActions('inactive')).toEqual(['activate', 'discontinue']);
    expect(allowedActions('out_of_stock')).toEqual(['discontinue']);
    expect(allowedActions('rejected')).toEqual(['revise']);
    expect(allowedActions('discontinued')).toEqual([]);
  });

  it('agrees with each transition', () => {
    for (const action of LIFECYCLE_ACTIONS) {
      for (const status of TRANSITIONS[action].from) expect(allowedActions(status)).toContain(action);
    }
  });
});
