import { describe, expect, it } from 'vitest';
import { ROLES, roleLabel, userActions, userStatus } from './users';

describe('userActions', () => {
  it('offers the invitation to invited users and the reset to active ones', () => {
    expect(userActions('invited')).toEqual(['edit', 'resend-invitation', 'deactivate']);
    expect(userActions('active')).toEqual(['edit', 'reset-password', 'deactivate']);
  });

  it('offers reactivation only to deactivated users', () => {
    expect(userActions('deactivated')).toEqual(['edit', 'reactivate']);
  });
});

describe('roles', () => {
  it('offers every role, the administrator first and the viewer last', () => {
    expect(ROLES.map((role) => role.value)).toEqual(['admin', 'manager', 'sales', 'warehouse', 'viewer']);
  });
});

describe('labels', () => {
  it('names roles and statuses', () => {
    expect(roleLabel('manager')).toBe('Manager');
    expect(roleLabel('sales')).toBe('Sales');
    expect(roleLabel('warehouse')).toBe('Warehouse');
    expect(roleLabel('auditor')).toBe('auditor');
    expect(userStatus('deactivated')).toEqual({ value: 'deactivated', label: 'Deactivated', color: 'gray' });
  });
});
