import type { Role } from '../../db/schema.js';
import { grantsCover, roleAllows } from './abilities.js';

export interface AuthUser {
  id: string;
  name: string;
  email: string;
  role: Role;
}

/** Who is calling: the tenant, the user, and how they authenticated. */
export interface AuthContext {
  tenantId: string;
  user: AuthUser;
  via: 'token' | 'session';
  /** The token's grants; null for a session (the role alone decides). */
  tokenAbilities: readonly string[] | null;
  tokenId: string | null;
  tokenType: string | null;
  /** For a console token, the session it belongs to: what it does, the signed-in user does in that session. */
  consoleSessionId?: string;
}

/** Effective permission: the token's abilities AND the user's role. */
export function can(auth: AuthContext, ability: string): boolean {
  if (!roleAllows(auth.user.role, ability)) return false;
  return auth.tokenAbilities === null || grantsCover(auth.tokenAbilities, ability);
}
