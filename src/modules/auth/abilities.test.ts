import { describe, expect, it } from 'vitest';
import type { Role } from '../../db/schema.js';
import {
  ABILITIES,
  expandGrant,
  findAbility,
  grantsCover,
  reachesHighAbility,
  roleAllows,
  unknownGrants,
} from './abilities.js';

describe('abilities', () => {
  it('carry the scores and sensitivity bands of docs/abilities.md', () => {
    expect(findAbility('operations:view-products')).toEqual({
      ability: 'operations:view-products',
      module: 'operations',
      score: 20,
      sensitivity: 'low',
      requires_approval: false,
      in_use: true,
    });
    expect(findAbility('finance:post-journal-entries')?.in_use).toBe(false);
    expect(findAbility('crm:delete-customers')).toMatchObject({ score: 65, sensitivity: 'medium', in_use: true });
    expect(findAbility('crm:view-leads')?.in_use).toBe(false);
    expect(findAbility('operations:adjust-stock')?.sensitivity).toBe('medium');
    expect(findAbility('operations:approve-purchase-orders')).toMatchObject({
      score: 85,
      sensitivity: 'high',
      requires_approval: true,
    });
    expect(findAbility('system:manage-users')?.requires_approval).toBe(true);
    expect(new Set(ABILITIES.map((a) => a.ability)).size).toBe(ABILITIES.length);
    for (const a of ABILITIES) expect(a.score).toBeGreaterThanOrEqual(10);
  });

  it('match wildcards: *, module:* and module:verb-*', () => {
    expect(grantsCover(['*'], 'finance:delete-accounts')).toBe(true);
    expect(grantsCover(['operations:*'], 'operations:transfer-stock')).toBe(true);
    expect(grantsCover(['operations:*'], 'sales:view-orders')).toBe(false);
    expect(grantsCover(['operations:view-*'], 'operations:view-inventory')).toBe(true);
    expect(grantsCover(['operations:view-*'], 'operations:edit-products')).toBe(false);
    expect(grantsCover(['operations:view-products'], 'operations:view-products-extra')).toBe(false);
    expect(expandGrant('operations:view-*').every((a) => a.ability.startsWith('operations:view-'))).toBe(true);
  });

  it('report grants that name nothing', () => {
    expect(
      unknownGrants(['operations:view-products', 'operations:fly', 'nothing:*', 'operations:zap-*', '*', 'crm:*']),
    ).toEqual(['operations:fly', 'nothing:*', 'operations:zap-*']);
  });

  it('detect High abilities reached directly or through a wildcard', () => {
    expect(reachesHighAbility(['operations:view-*'])).toBe(false);
    expect(reachesHighAbility(['operations:approve-purchase-orders'])).toBe(true);
    expect(reachesHighAbility(['operations:*'])).toBe(true);
    expect(reachesHighAbility(['*'])).toBe(true);
    expect(reachesHighAbility(['sales:view-*'])).toBe(true); // view-payment-details is 80
  });

  it('limit roles: admin all, manager operations without High, customers and sales orders, viewer view-* only but the users and the audit log', () => {
    expect(roleAllows('admin', 'system:manage-system')).toBe(true);
    expect(roleAllows('manager', 'operations:adjust-stock')).toBe(true);
    expect(roleAllows('manager', 'operations:approve-purchase-orders')).toBe(false);
    for (const verb of ['view', 'create', 'edit', 'delete', 'cancel', 'ship', 'complete'])
      expect(roleAllows('manager', `sales:${verb}-orders`), verb).toBe(true);
    expect(roleAllows('manager', 'sales:approve-orders')).toBe(false);
    expect(roleAllows('manager', 'sales:view-invoices')).toBe(false);
    expect(roleAllows('viewer', 'sales:view-orders')).toBe(true);
    expect(roleAllows('viewer', 'sales:create-orders')).toBe(false);
    for (const verb of ['view', 'create', 'edit', 'delete'])
      expect(roleAllows('manager', `crm:${verb}-customers`), verb).toBe(true);
    expect(roleAllows('manager', 'crm:view-leads')).toBe(false);
    expect(roleAllows('manager', 'crm:view-customer-clv')).toBe(false);
    expect(roleAllows('viewer', 'crm:create-customers')).toBe(false);
    expect(roleAllows('viewer', 'operations:view-inventory')).toBe(true);
    expect(roleAllows('viewer', 'crm:view-customers')).toBe(true);
    expect(roleAllows('viewer', 'operations:manage-inventory')).toBe(false);
    expect(roleAllows('viewer', 'system:view-users')).toBe(false);
    expect(roleAllows('viewer', 'system:view-audit-logs')).toBe(false);
    expect(roleAllows('manager', 'system:view-audit-logs')).toBe(false);
  });

  const allowed = (role: Role) => ABILITIES.filter((a) => roleAllows(role, a.ability)).map((a) => a.ability);

  it('let the sales role take orders from creation to completion, but not ship, approve or write stock, products or purchasing', () => {
    expect(allowed('sales')).toEqual([
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
    ]);
  });

  it('let the warehouse role ship, receive and keep stock, but not run orders, write products or prices, or administer', () => {
    expect(allowed('warehouse')).toEqual([
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
    ]);
  });

  it('give the sales and warehouse roles only abilities in use, none High, all held by a manager', () => {
    for (const role of ['sales', 'warehouse'] as const)
      for (const ability of allowed(role)) {
        expect(findAbility(ability), ability).toMatchObject({ in_use: true, requires_approval: false });
        expect(roleAllows('manager', ability), ability).toBe(true);
      }
  });
});
