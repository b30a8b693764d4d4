// Users as the administration screens show them: roles and statuses in words, and which actions a user's status
// allows (the API refuses the others: a reset for an invited user, an invitation for one with a password).
import type { components } from '../../../clients/typescript/src/openapi';

export type ManagedUser = components['schemas']['ManagedUser'];
export type Role = ManagedUser['role'];
export type UserStatus = ManagedUser['status'];

/** Each role's words, a key each: a role the API adds and the console does not name does not compile. */
const ROLE_WORDS: Record<Role, { label: string; description: string }> = {
  admin: { label: 'Admin', description: 'Every ability; manages users, settings and token approvals.' },
  manager: {
    label: 'Manager',
    description: 'Runs operations: products, stock, purchasing, customers and sales orders.',
  },
  sales: {
    label: 'Sales',
    description: 'Customers and sales orders, from creation to completion; reads products and stock. Does not ship.',
  },
  warehouse: {
    label: 'Warehouse',
    description: 'Ships orders, adjusts, counts and transfers stock, receives purchase orders. Does not take orders.',
  },
  viewer: { label: 'Viewer', description: 'Reads everything except the users and the audit log.' },
};

/** The roles in the order the pickers offer them: the administrator first, the read-only viewer last. */
export const ROLES: { value: Role; label: string; description: string }[] = (Object.keys(ROLE_WORDS) as Role[]).map(
  (value) => ({ value, ...ROLE_WORDS[value] }),
);

export const USER_STATUSES: { value: UserStatus; label: string; color: string }[] = [
  { value: 'invited', label: 'Invited', color: 'blue' },
  { value: 'active', label: 'Active', color: 'teal' },
  { value: 'deactivated', label: 'Deactivated', color: 'gray' },
];

/** A role in words; a role this console does not know (a newer server's) in the API's own word. */
export function roleLabel(role: string): string {
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
