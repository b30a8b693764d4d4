// Users as the administration screens show them: roles and statuses in words, and which actions a user's status
// allows (the API refuses the others: a reset for an invited user, an invitation for one with a password).
import type { components } from '../../../clients/typescript/src/openapi';

export type ManagedUser = components['schemas']['ManagedUser'];
export type Role = ManagedUser['role'];
export type UserStatus = ManagedUser['status'];

export const ROLES: { value: Role; label: string; description: string }[] = [
  { value: 'admin', label: 'Admin', description: 'Every ability; manages users, settings and token approvals.' },
  { value: 'manager', label: 'Manager', description: 'Runs operations: products, stock, purchasing.' },
  { value: 'viewer', label: 'Viewer', description: 'Reads everything except the users and the audit log.' },
];

export const USER_STATUSES: { value: UserStatus; label: string; color: string }[] = [
  { value: 'invited', label: 'Invited', color: 'blue' },
  { value: 'active', label: 'Active', color: 'teal' },
  { value: 'deactivated', label: 'Deactivated', color: 'gray' },
];

export function roleLabel(role: Role): string {
  return ROLES.find((entry) => entry.value === role)?.label ?? role;
}

export function userStatus(status: UserStatus): { label: string; color: string } {
  return USER_STATUSES.find((entry) => entry.value === status) ?? { label: status, color: 'gray' };
}

export type UserAction = 'edit' | 'resend-invitation' | 'reset-password' | 'deactivate' | 'reactivate';

export function userActions(status: UserStatus): UserAction[] {
  if (status === 'invited') return ['edit', 'resend-invitation', 'deactivate'];
  if (status === 'active') return ['edit', 'reset-password', 'deactivate'];
  return ['edit', 'reactivate'];
}
