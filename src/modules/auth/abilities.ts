// The ability catalogue: `{module}:{action}` with a sensitivity score. High abilities (80-100) need a
// tenant administrator's approval before a token holding them works. Grants may use wildcards:
// `*`, `{module}:*` and `{module}:{verb}-*`.
import type { Role } from '../../db/schema.js';

export type Sensitivity = 'low' | 'medium' | 'high';

export interface Ability {
  ability: string;
  module: string;
  score: number;
  sensitivity: Sensitivity;
  requires_approval: boolean;
  /**
   * Whether a route or a rule of this service checks it. The others are reserved for modules the service does
   * not have (the rest of crm, sales, finance, reporting, coupons): grantable, but they open nothing.
   */
  in_use: boolean;
}

export const MODULES = ['system', 'crm', 'sales', 'operations', 'finance', 'reporting'] as const;

/** Scores of the catalogue; the entries chosen by this project (finance, reporting, webhooks, settings) are explained in docs/abilities.md. */
const SCORES = {
  system: {
    'manage-system': 100,
    'manage-users': 100,
    'manage-roles': 100,
    'manage-settings': 60,
    'view-users': 50,
    'view-audit-logs': 30,
    'view-webhooks': 30,
    'manage-webhooks': 80,
  },
  crm: {
    'view-leads': 25,
    'create-leads': 30,
    'edit-leads': 45,
    'delete-leads': 65,
    'assign-leads': 30,
    'qualify-leads': 30,
    'convert-leads': 30,
    'score-leads': 30,
    'view-customers': 25,
    'create-customers': 30,
    'edit-customers': 45,
    'delete-customers': 65,
    'manage-customer-segments': 30,
    'view-customer-clv': 30,
    'view-opportunities': 25,
    'create-opportunities': 30,
    'edit-opportunities': 45,
    'delete-opportunities': 65,
    'close-opportunities': 30,
    'forecast-opportunities': 30,
    'view-organizations': 30,
    'create-organizations': 30,
    'edit-organizations': 30,
    'delete-organizations': 30,
    'view-contacts': 30,
    'create-contacts': 30,
    'edit-contacts': 30,
    'delete-contacts': 30,
    'view-activities': 30,
    'create-activities': 30,
    'edit-activities': 30,
    'delete-activities': 30,
    'view-campaigns': 30,
    'create-campaigns': 30,
    'edit-campaigns': 30,
    'delete-campaigns': 30,
    'execute-campaigns': 30,
  },
  sales: {
    'view-orders': 20,
    'create-orders': 30,
    'edit-orders': 30,
    'delete-orders': 30,
    'cancel-orders': 30,
    'ship-orders': 30,
    'complete-orders': 30,
    'approve-orders': 85,
    'view-invoices': 20,
    'create-invoices': 40,
    'edit-invoices': 40,
    'delete-invoices': 30,
    'send-invoices': 50,
    'void-invoices': 50,
    'view-payments': 30,
    'process-payments': 80,
    'refund-payments': 80,
    'view-payment-details': 80,
    'apply-discounts': 40,
    'override-pricing': 85,
    'manage-commission': 50,
  },
  operations: {
    'view-products': 20,
    'create-products': 30,
    'edit-products': 35,
    'delete-products': 30,
    'discontinue-products': 30,
    'manage-product-categories': 30,
    'manage-product-attributes': 30,
    'view-inventory': 15,
    'manage-inventory': 35,
    'adjust-stock': 60,
    'transfer-stock': 60,
    'reserve-stock': 30,
    'release-stock': 30,
    'view-suppliers': 15,
    'create-suppliers': 30,
    'edit-suppliers': 35,
    'delete-suppliers': 30,
    'rate-suppliers': 60,
    'manage-supplier-contracts': 30,
    'view-purchase-orders': 30,
    'create-purchase-orders': 30,
    'edit-purchase-orders': 30,
    'delete-purchase-orders': 30,
    'approve-purchase-orders': 85,
    'send-purchase-orders': 30,
    'receive-goods-purchase-orders': 30,
    'manage-coupons': 30,
    'apply-coupons': 30,
    'view-imports': 20,
    'run-imports': 60,
  },
  finance: {
    'view-accounts': 15,
    'create-accounts': 55,
    'edit-accounts': 55,
    'delete-accounts': 90,
    'activate-accounts': 30,
    'deactivate-accounts': 30,
    'view-journal-entries': 55,
    'create-journal-entries': 75,
    'edit-journal-entries': 75,
    'delete-journal-entries': 30,
    'post-journal-entries': 85,
    'reverse-journal-entries': 85,
    'view-financial-reports': 50,
    'export-financial-reports': 60,
  },
  reporting: {
    'view-reports': 20,
    'create-reports': 30,
    'edit-reports': 30,
    'delete-reports': 30,
    'export-reports': 50,
    'schedule-reports': 40,
  },
} as const satisfies Record<(typeof MODULES)[number], Record<string, number>>;

type Scores = typeof SCORES;

/** An ability of the catalogue, by name: a route that requires a misspelt one does not compile. */
export type AbilityName = { [M in keyof Scores]: `${M}:${Extract<keyof Scores[M], string>}` }[keyof Scores];

/**
 * The catalogue's abilities that nothing here checks yet, whole modules or single ones; the test of the route
 * table (test/security/ability-catalogue.test.ts) keeps this list and the routes in step.
 */
const RESERVED_MODULES: ReadonlySet<string> = new Set(['crm', 'sales', 'finance', 'reporting']);
const RESERVED: ReadonlySet<string> = new Set(['operations:manage-coupons', 'operations:apply-coupons']);
/**
 * The customers' abilities: the crm abilities in use (the rest of the module stays reserved), and the crm
 * abilities a manager holds.
 */
const CUSTOMER_ABILITIES: ReadonlySet<string> = new Set([
  'crm:view-customers',
  'crm:create-customers',
  'crm:edit-customers',
  'crm:delete-customers',
] satisfies AbilityName[]);

/**
 * The sales orders' abilities: the sales abilities in use (invoices, payments and the rest stay reserved). A
 * manager holds all but `approve-orders`, which is High.
 */
const ORDER_ABILITIES: ReadonlySet<string> = new Set([
  'sales:view-orders',
  'sales:ship-orders',
  'sales:create-orders',
  'sales:edit-orders',
  'sales:delete-orders',
  'sales:cancel-orders',
  'sales:complete-orders',
  'sales:approve-orders',
] satisfies AbilityName[]);

export function sensitivityOf(score: number): Sensitivity {
  if (score >= 80) return 'high';
  if (score >= 50) return 'medium';
  return 'low';
}

export const ABILITIES: readonly Ability[] = MODULES.flatMap((module) =>
  Object.entries(SCORES[module]).map(([action, score]) => ({
    ability: `${module}:${action}`,
    module,
    score,
    sensitivity: sensitivityOf(score),
    requires_approval: score >= 80,
    in_use:
      CUSTOMER_ABILITIES.has(`${module}:${action}`) ||
      (ORDER_ABILITIES.has(`${module}:${action}`) && !RESERVED.has(`${module}:${action}`)) ||
      (!RESERVED_MODULES.has(module) && !RESERVED.has(`${module}:${action}`)),
  })),
);

const BY_NAME: ReadonlyMap<string, Ability> = new Map(ABILITIES.map((a) => [a.ability, a]));

export function findAbility(name: string): Ability | undefined {
  return BY_NAME.get(name);
}

/** True when a grant (exact name or wildcard) covers the ability. */
export function grantCovers(grant: string, ability: string): boolean {
  if (grant === '*' || grant === ability) return true;
  const [grantModule, grantAction] = grant.split(':', 2);
  const [module, action] = ability.split(':', 2);
  if (grantModule !== module || grantAction === undefined || action === undefined) return false;
  if (grantAction === '*') return true;
  return grantAction.endsWith('-*') && action.startsWith(grantAction.slice(0, -1));
}

export function grantsCover(grants: readonly string[], ability: string): boolean {
  return grants.some((grant) => grantCovers(grant, ability));
}

/** The catalogue abilities a grant reaches; empty for a grant that names nothing known. */
export function expandGrant(grant: string): Ability[] {
  return ABILITIES.filter((a) => grantCovers(grant, a.ability));
}

/** Grants that reach no known ability (unknown names, modules or verbs). */
export function unknownGrants(grants: readonly string[]): string[] {
  return grants.filter((grant) => expandGrant(grant).length === 0);
}

/** True when any granted ability, directly or through a wildcard, is High. */
export function reachesHighAbility(grants: readonly string[]): boolean {
  return grants.some((grant) => expandGrant(grant).some((a) => a.requires_approval));
}

/**
 * `view-` abilities a viewer may not hold: the tenant's people (names, e-mails, roles, status) and the audit log,
 * which names every actor with their e-mail, role changes and sign-in addresses, are for its administrators.
 */
const ADMIN_ONLY_VIEWS: ReadonlySet<string> = new Set(['system:view-users', 'system:view-audit-logs']);

/**
 * The sales role: takes orders and sees them through. Customers, and orders from creation to completion: confirm,
 * allocate, hold, submit for approval and record returns are `edit-orders`, cancel and close `cancel-orders`.
 * It reads products and stock (availability, reservations, warehouses are `view-inventory`) to take an order, and
 * imports orders from a shop's CSV (an import needs the abilities of its writes as well, so it creates orders and
 * customers only). Not `ship-orders` (the warehouse ships), not the High `approve-orders`, no stock, product or
 * purchasing write. docs/abilities.md gives the reason for each.
 */
const SALES_ROLE: ReadonlySet<string> = new Set([
  'crm:view-customers',
  'crm:create-customers',
  'crm:edit-customers',
  'crm:delete-customers',
  'sales:view-orders',
  'sales:create-orders',
  'sales:edit-orders',
  'sales:delete-orders',
  'sales:cancel-orders',
  'sales:complete-orders',
  'operations:view-products',
  'operations:view-inventory',
  'operations:view-imports',
  'operations:run-imports',
] satisfies AbilityName[]);

/**
 * The warehouse role: ships orders and keeps the stock true. It reads orders and ships them (shipments, pick lists
 * and packing slips), reads products and stock, adjusts, counts and transfers stock, and receives purchase orders
 * (reading them to do so); it imports stock levels (a count as a CSV). Not the orders' other writes: confirming
 * and recording a return are `edit-orders`, which also edits and allocates orders. No customer, price, product,
 * warehouse or reorder-setting write, no manual reservation, no user administration.
 */
const WAREHOUSE_ROLE: ReadonlySet<string> = new Set([
  'sales:view-orders',
  'sales:ship-orders',
  'operations:view-products',
  'operations:view-inventory',
  'operations:adjust-stock',
  'operations:transfer-stock',
  'operations:view-purchase-orders',
  'operations:receive-goods-purchase-orders',
  'operations:view-imports',
  'operations:run-imports',
] satisfies AbilityName[]);

/**
 * What a role allows: admin everything; manager every operations ability except High ones, the customer
 * abilities (customers are day-to-day operations, and none of them is High) and the sales order abilities but
 * the High `approve-orders`; sales and warehouse the fixed lists above; viewer only `view-*` abilities,
 * except the admin-only views.
 */
export function roleAllows(role: Role, ability: string): boolean {
  if (role === 'admin') return true;
  if (role === 'sales') return SALES_ROLE.has(ability);
  if (role === 'warehouse') return WAREHOUSE_ROLE.has(ability);
  if (ADMIN_ONLY_VIEWS.has(ability)) return false;
  const entry = BY_NAME.get(ability);
  const [module, action = ''] = ability.split(':', 2);
  if (role === 'manager')
    return (
      entry !== undefined &&
      !entry.requires_approval &&
      (module === 'operations' || CUSTOMER_ABILITIES.has(ability) || ORDER_ABILITIES.has(ability))
    );
  return action.startsWith('view-');
}
