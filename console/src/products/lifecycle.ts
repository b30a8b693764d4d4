// Which lifecycle actions a product's status allows, and which ability each needs: the console shows only the
// actions the API would accept (src/modules/catalog/products/product-lifecycle.ts, docs/abilities.md), so
// that an operator never meets a refusal the screen could have foreseen.
import type { ProductStatus } from './model';

export type LifecycleAction = 'submit-for-review' | 'approve' | 'return-for-revisions' | 'decline' | 'revise' | 'activate' | 'deactivate' | 'discontinue';

interface LifecycleRule {
  from: readonly ProductStatus[];
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

/** In the order the buttons appear: the usual next step first. */
export const LIFECYCLE: Record<LifecycleAction, LifecycleRule> = {
  'submit-for-review': { from: ['draft'], ability: EDIT, label: 'Submit for review', question: 'Submit this draft for review?', done: 'Submitted for review', takesReason: false, danger: false },
  approve: { from: ['pending_approval'], ability: EDIT, label: 'Approve', question: 'Approve this product? It becomes active.', done: 'Approved: the product is active', takesReason: false, danger: false },
  'return-for-revisions': { from: ['pending_approval'], ability: EDIT, label: 'Return for revisions', question: 'Return this product to draft for revisions?', done: 'Returned to draft for revisions', takesReason: true, danger: false },
  activate: { from: ['draft', 'inactive'], ability: EDIT, label: 'Activate', question: 'Activate this product?', done: 'Product activated', takesReason: false, danger: false },
  revise: { from: ['rejected'], ability: EDIT, label: 'Revise', question: 'Reopen this rejected product as a draft?', done: 'Reopened as a draft', takesReason: false, danger: false },
  deactivate: { from: ['active'], ability: EDIT, label: 'Deactivate', question: 'Deactivate this product?', done: 'Product deactivated', takesReason: true, danger: false },
  decline: { from: ['draft', 'pending_approval'], ability: EDIT, label: 'Decline', question: 'Decline this product? It becomes rejected.', done: 'Product declined', takesReason: true, danger: true },
  discontinue: {
    from: ['active', 'inactive', 'out_of_stock'],
    ability: 'operations:discontinue-products',
    label: 'Discontinue',
    question: 'Discontinue this product? Discontinued is final: it cannot be undone.',
    done: 'Product discontinued',
    takesReason: true,
    danger: true,
  },
};

/** The actions the status allows and the user's abilities permit, in button order. */
export function availableActions(status: ProductStatus, abilities: readonly string[]): LifecycleAction[] {
  return (Object.keys(LIFECYCLE) as LifecycleAction[]).filter((action) => {
    const rule = LIFECYCLE[action];
    return rule.from.includes(status) && abilities.includes(rule.ability);
  });
}
