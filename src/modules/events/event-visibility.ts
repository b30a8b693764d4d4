// Who may see which events: a subscription or a feed reader sees only events of entities its token may view.
import { can, type AuthContext } from '../auth/auth-context.js';

export const ENTITY_VIEW_ABILITY: Readonly<Record<string, string>> = {
  product: 'operations:view-products',
  inventory: 'operations:view-inventory',
  stock_movement: 'operations:view-inventory',
  purchase_order: 'operations:view-purchase-orders',
  order: 'sales:view-orders',
  customer: 'crm:view-customers',
  invoice: 'sales:view-invoices',
};

/** The entity types whose events `auth` may view (`webhook` test events are never in this list). */
export function visibleEntityTypes(auth: AuthContext): string[] {
  return Object.entries(ENTITY_VIEW_ABILITY)
    .filter(([, ability]) => can(auth, ability))
    .map(([entity]) => entity);
}
