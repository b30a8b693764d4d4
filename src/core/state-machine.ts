// A record's states and the actions that move it between them, as one table: which states each action starts
// from, which actions a state allows, and the refusal of an action its state does not allow. The owning module
// keeps the table (purchase-order.states.ts, product-lifecycle.ts), with the target and whatever else each action
// carries; this answers the questions every such table is asked.
import { BusinessRuleError } from './errors.js';

/** An action of the table: the states it starts from. The owner's table may keep more with it (its target). */
export interface StateTransition<S extends string> {
  readonly from: readonly S[];
}

export interface StateMachineDefinition<S extends string, A extends string> {
  transitions: Readonly<Record<A, StateTransition<S>>>;
  /** Every action, in the order `allowedActions` lists them. */
  order: readonly A[];
  /** The message of a refused action, naming the current state and, as a rule, the states it is allowed from. */
  refusalMessage: (action: A, state: S) => string;
}

export interface StateMachine<S extends string, A extends string> {
  /** Whether `action` may start from `state`. */
  can(state: S, action: A): boolean;
  /** The actions `state` allows, in the table's order: the record's answer, not the caller's abilities. */
  allowedActions(state: S): A[];
  /** The 422 `invalid_transition` of `action` refused in `state`. */
  refusal(state: S, action: A): BusinessRuleError;
  /** @throws the `refusal` when `state` does not allow `action`. */
  assertCan(state: S, action: A): void;
}

export function stateMachine<S extends string, A extends string>(
  definition: StateMachineDefinition<S, A>,
): StateMachine<S, A> {
  const { transitions, order, refusalMessage } = definition;
  const can = (state: S, action: A) => transitions[action].from.includes(state);
  const refusal = (state: S, action: A) => new BusinessRuleError('invalid_transition', refusalMessage(action, state));
  return {
    can,
    allowedActions: (state) => order.filter((action) => can(state, action)),
    refusal,
    assertCan(state, action) {
      if (!can(state, action)) throw refusal(state, action);
    },
  };
}
