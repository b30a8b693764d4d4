import { describe, expect, it } from 'vitest';
import {
  abilitiesNeedingApproval,
  abilitiesSummary,
  groupAbilities,
  offeredAbilities,
  tokenStatus,
  type Ability,
} from './tokens';

const ability = (name: string, requiresApproval = false): Ability => ({
  ability: name,
  module: name.split(':')[0]!,
  score: requiresApproval ? 85 : 30,
  sensitivity: requiresApproval ? 'high' : 'low',
  requires_approval: requiresApproval,
  in_use: true,
});

const catalogue = [
  ability('system:manage-users', true),
  ability('crm:view-leads'),
  ability('system:view-audit-logs'),
  ability('sales:approve-orders', true),
];

describe('groupAbilities', () => {
  it('groups by module in the order the catalogue names them', () => {
    const groups = groupAbilities(catalogue);
    expect(groups.map((group) => group.module)).toEqual(['system', 'crm', 'sales']);
    expect(groups[0]!.abilities.map((entry) => entry.ability)).toEqual([
      'system:manage-users',
      'system:view-audit-logs',
    ]);
  });

  it('answers no groups for an empty catalogue', () => {
    expect(groupAbilities([])).toEqual([]);
  });
});

describe('offeredAbilities', () => {
  it('offers only the abilities the service checks', () => {
    const reserved = { ...ability('operations:manage-coupons'), in_use: false };
    const inUse = ability('operations:adjust-stock');
    expect(offeredAbilities([inUse, reserved, { ...ability('finance:view-accounts'), in_use: false }])).toEqual([
      inUse,
    ]);
  });
});

describe('abilitiesNeedingApproval', () => {
  it('names the chosen abilities that need approval', () => {
    expect(abilitiesNeedingApproval(['crm:view-leads', 'sales:approve-orders'], catalogue)).toEqual([
      'sales:approve-orders',
    ]);
    expect(abilitiesNeedingApproval(['crm:view-leads'], catalogue)).toEqual([]);
  });
});

describe('tokenStatus', () => {
  const now = new Date('2026-11-25T12:00:00Z');
  it('labels each status', () => {
    expect(tokenStatus({ status: 'active', expires_at: null }, now).label).toBe('Active');
    expect(tokenStatus({ status: 'pending_approval', expires_at: null }, now).label).toBe('Pending approval');
    expect(tokenStatus({ status: 'revoked', expires_at: '2026-11-20T00:00:00Z' }, now).label).toBe('Revoked');
  });

  it('reads an active token past its expiry as expired', () => {
    expect(tokenStatus({ status: 'active', expires_at: '2026-11-25T11:59:59Z' }, now).label).toBe('Expired');
    expect(tokenStatus({ status: 'active', expires_at: '2026-12-25T00:00:00Z' }, now).label).toBe('Active');
  });
});

describe('abilitiesSummary', () => {
  it('names every ability for a wildcard grant of all', () => {
    expect(abilitiesSummary(['*'])).toBe('Every ability');
  });

  it('lists up to two abilities in full', () => {
    expect(abilitiesSummary(['crm:view-leads', 'operations:*'])).toBe('crm:view-leads, operations:*');
  });

  it('counts more per module', () => {
    expect(
      abilitiesSummary([
        'operations:view-products',
        'operations:adjust-stock',
        'system:view-users',
        'operations:view-inventory',
      ]),
    ).toBe('3 operations, 1 system');
  });
});
