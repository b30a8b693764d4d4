// How the console offers each lifecycle action (its button, question and ability): it shows only the actions
// the product allows now, as the API answers them (`allowed_actions`), that the user's abilities permit, so that
// an operator never meets a refusal the screen could have foreseen. The lifecycle itself is the server's alone.
import type { Product } from './model';

export type LifecycleAction = Product['allowed_actions'][number];

interface LifecycleRule {
  /** The ability its route needs (docs/abilities.md). */
  ability: string;
  /** The button's label. */
  label: string;
  /** The confirmation's question. */
  question: string;
  /** What the notification says when it is done. */
  done: string;
  /** The API keeps an optional reason with the new status. */
  takesReason: boolean;
  /** Red: hard or impossible to undo. */
  danger: boolean;
}

const EDIT = 'operations:edit-products';

/** What each action's button says and asks. */
export const LIFECYCLE: Record<LifecycleAction, LifecycleRule> = {
  'submit-for-review': {
    ability: EDIT,
    label: 'Submit for review',
    question: 'Submit this draft for review?',
    done: 'Submitted for review',
    takesReason: false,
    danger: false,
  },
  approve: {
    ability: EDIT,
    label: 'Approve',
    question: 'Approve this product? It becomes active.',
    done: 'Approved: the product is active',
    takesReason: false,
    danger: false,
  },
  'return-for-revisions': {
    ability: EDIT,
    label: 'Return for revisions',
    question: 'Return this product to draft for revisions?',
    done: 'Returned to draft for revisions',
    takesReason: true,
    danger: false,
  },
  activate: {
    ability: EDIT,
    label: 'Activate',
    question: 'Activate this product?',
    done: 'Product activated',
    takesReason: false,
    danger: false,
  },
  revise: {
    ability: EDIT,
    label: 'Revise',
    question: 'Reopen this rejected product as a draft?',
    done: 'Reopened as a draft',
    takesReason: false,
    danger: false,
  },
  deactivate: {
    ability: EDIT,
    label: 'Deactivate',
    question: 'Deactivate this product?',
    done: 'Product deactivated',
    takesReason: true,
    danger: false,
  },
  decline: {
    ability: EDIT,
    label: 'Decline',
    question: 'Decline this product? It becomes rejected.',
    done: 'Product declined',
    takesReason: true,
    danger: true,
  },
  discontinue: {
    ability: 'operations:discontinue-products',
    label: 'Discontinue',
    question: 'Discontinue this product? Discontinued is final: it cannot be undone.',
    done: 'Product discontinued',
    takesReason: true,
    danger: true,
  },
};

/** The actions the product allows now (the API's answer, in its order) that the user's abilities permit. */
export function availableActions(
  product: Pick<Product, 'allowed_actions'>,
  abilities: readonly string[],
): LifecycleAction[] {
  return product.allowed_actions.filter((action) => abilities.includes(LIFECYCLE[action].ability));
}
