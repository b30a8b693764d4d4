// The product lifecycle: which action moves a product from which status to which. `out_of_stock` is
// entered and left by the inventory module only; `discontinued` is terminal.
import { stateMachine } from '../../../core/state-machine.js';
import type { ProductStatus } from '../../../db/schema.js';
import type { EventType } from '../../events/event-types.js';

export type LifecycleAction =
  | 'activate'
  | 'deactivate'
  | 'discontinue'
  | 'submit-for-review'
  | 'approve'
  | 'decline'
  | 'return-for-revisions'
  | 'revise';

interface Transition {
  from: readonly ProductStatus[];
  to: ProductStatus;
  /** Whether the request may carry a `reason`, kept in `status_reason`; other actions clear it. */
  takesReason: boolean;
  event: EventType | null;
  /** The audit log's action. */
  audited: `product.${string}`;
  /** The refused act, `{product}` standing for "a product with status <current>". */
  refused: string;
  summary: string;
  message: string;
}

export const TRANSITIONS: Record<LifecycleAction, Transition> = {
  activate: {
    from: ['draft', 'inactive'],
    to: 'active',
    takesReason: false,
    event: 'product.activated',
    audited: 'product.activated',
    refused: 'activate {product}',
    summary: 'Activate a product',
    message: 'Product activated successfully',
  },
  deactivate: {
    from: ['active'],
    to: 'inactive',
    takesReason: true,
    event: 'product.deactivated',
    audited: 'product.deactivated',
    refused: 'deactivate {product}',
    summary: 'Deactivate a product',
    message: 'Product deactivated successfully',
  },
  discontinue: {
    from: ['active', 'inactive', 'out_of_stock'],
    to: 'discontinued',
    takesReason: true,
    event: 'product.discontinued',
    audited: 'product.discontinued',
    refused: 'discontinue {product}',
    summary: 'Discontinue a product (terminal)',
    message: 'Product discontinued successfully',
  },
  'submit-for-review': {
    from: ['draft'],
    to: 'pending_approval',
    takesReason: false,
    event: null,
    audited: 'product.submitted_for_review',
    refused: 'submit {product} for review',
    summary: 'Submit a draft product for review',
    message: 'Product submitted for review',
  },
  // Approval is the activation of a reviewed product: subscribers see it as product.activated.
  approve: {
    from: ['pending_approval'],
    to: 'active',
    takesReason: false,
    event: 'product.activated',
    audited: 'product.approved',
    refused: 'approve {product}',
    summary: 'Approve a product under review',
    message: 'Product approved successfully',
  },
  // "Mark as rejected" from draft and "decline" from review are one action.
  decline: {
    from: ['draft', 'pending_approval'],
    to: 'rejected',
    takesReason: true,
    event: null,
    audited: 'product.declined',
    refused: 'decline {product}',
    summary: 'Decline (reject) a draft or a product under review',
    message: 'Product declined',
  },
  'return-for-revisions': {
    from: ['pending_approval'],
    to: 'draft',
    takesReason: true,
    event: null,
    audited: 'product.returned_for_revisions',
    refused: 'return {product} for revisions',
    summary: 'Return a product under review to draft',
    message: 'Product returned for revisions',
  },
  revise: {
    from: ['rejected'],
    to: 'draft',
    takesReason: false,
    event: null,
    audited: 'product.revised',
    refused: 'revise {product}',
    summary: 'Reopen a rejected product as a draft',
    message: 'Product reopened as draft',
  },
};

export const LIFECYCLE_ACTIONS = Object.keys(TRANSITIONS) as LifecycleAction[];

/** Why a status refuses what the table alone does not explain. */
const STATUS_NOTES: Partial<Record<ProductStatus, string>> = {
  discontinued: 'Discontinued is a final status.',
  out_of_stock: 'An out_of_stock product becomes active again when its stock is replenished.',
};

/** The refusal of an action from the current status, naming both and the statuses it is allowed from. */
export function refusalMessage(action: LifecycleAction, current: ProductStatus): string {
  const rule = TRANSITIONS[action];
  const note = STATUS_NOTES[current];
  return [
    `Cannot ${rule.refused.replace('{product}', `a product with status ${current}`)}.`,
    `Allowed from: ${rule.from.join(', ')}.`,
    ...(note ? [note] : []),
  ].join(' ');
}

/** The actions in the order `allowed_actions` lists them: the usual next step first, the final ones last. */
export const ALLOWED_ACTION_ORDER: readonly LifecycleAction[] = [
  'submit-for-review',
  'approve',
  'return-for-revisions',
  'activate',
  'revise',
  'deactivate',
  'decline',
  'discontinue',
];

/** The lifecycle as a state machine: refuses an action with `invalid_transition` and `refusalMessage`. */
export const PRODUCT_LIFECYCLE = stateMachine<ProductStatus, LifecycleAction>({
  transitions: TRANSITIONS,
  order: ALLOWED_ACTION_ORDER,
  refusalMessage,
});

/** The lifecycle actions a product in `status` allows, whoever asks: the lifecycle's answer, not the caller's abilities. */
export function allowedActions(status: ProductStatus): LifecycleAction[] {
  return PRODUCT_LIFECYCLE.allowedActions(status);
}
