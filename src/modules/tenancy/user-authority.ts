// Who may administer whom (docs/abilities.md, "Administering users"): a caller never acts on a user whose role
// allows more than the caller holds, and gives no role above the least-privileged one without
// `system:manage-roles`. Otherwise a token granted `system:manage-users` alone could invite an admin or answer
// an admin's password-reset link, and so take every ability it was not granted.
import { ForbiddenError } from '../../core/errors.js';
import type { Role } from '../../db/schema.js';
import { ABILITIES, roleAllows } from '../auth/abilities.js';
import { can, type AuthContext } from '../auth/auth-context.js';

export const MANAGE_ROLES = 'system:manage-roles';

/** The role anyone who manages users may give: it allows nothing beyond reading. */
export const LEAST_PRIVILEGED_ROLE: Role = 'viewer';

/** Who administers users: the caller over HTTP, or `OPERATOR`. */
export type UserAdministrator = AuthContext | null;

/**
 * The operator's CLI: it answers to no role, as whoever runs it already holds the database and the configuration.
 */
export const OPERATOR: UserAdministrator = null;

/** The first ability `role` allows that the caller does not hold, if any. */
function firstAbilityBeyond(caller: AuthContext, role: Role): string | undefined {
  return ABILITIES.find(({ ability }) => roleAllows(role, ability) && !can(caller, ability))?.ability;
}

/**
 * Acting on a user (changing, deactivating, reactivating, sending a link) needs every ability their role allows.
 * @throws ForbiddenError naming the first ability of `role` the caller lacks.
 */
export function assertMayActOnRole(caller: UserAdministrator, role: Role): void {
  if (caller === null) return;
  const missing = firstAbilityBeyond(caller, role);
  if (missing !== undefined) throw ForbiddenError.missingAbility(missing);
}

/**
 * Giving a role, at an invitation or a change, needs `system:manage-roles` unless it is the least-privileged role,
 * and every ability the role allows.
 * @throws ForbiddenError naming the missing ability.
 */
export function assertMayGiveRole(caller: UserAdministrator, role: Role): void {
  if (caller === null) return;
  if (role !== LEAST_PRIVILEGED_ROLE && !can(caller, MANAGE_ROLES)) throw ForbiddenError.missingAbility(MANAGE_ROLES);
  assertMayActOnRole(caller, role);
}
