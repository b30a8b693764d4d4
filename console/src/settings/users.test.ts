import { describe, expect, it } from 'vitest';
import { roleLabel, userActions, userStatus } from './users';

describe('userActions', () => {
  it('offers the invitation to invited users and the reset to active ones', () => {
    expect(userActions('invited')).toEqual(['edit', 'resend-invitation', 'deactivate']);
    expect(userActions('active')).toEqual(['edit', 'reset-password', 'deactivate']);
  });

  it('offers reactivation only to deactivated users', () => {
    expect(userActions('deactivated')).toEqual(['edit', 'reactivate']);
  });
});

describe('labels', () => {
  it('names roles and statuses', () => {
    expect(roleLabel('manager')).toBe('Manager');
    expect(userStatus('deactivated')).toEqual({ value: 'deactivated', label: 'Deactivated', color: 'gray' });
  });
});
