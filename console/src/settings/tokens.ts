// What the API-token screens derive from the API's answers: the ability catalogue grouped for the picker, a
// token's status as a person reads it, and a short summary of what a token may do.
import type { components } from '../../../clients/typescript/src/openapi';

export type Ability = components['schemas']['Ability'];
export type ApiToken = components['schemas']['ApiToken'];
export type TokenType = ApiToken['type'];

export interface AbilityGroup {
  module: string;
  abilities: Ability[];
}

/** What the picker offers: the abilities the service checks, not those it reserves for modules it does not have. */
export function offeredAbilities(catalogue: readonly Ability[]): Ability[] {
  return catalogue.filter((ability) => ability.in_use);
}

/** The catalogue by module, in the catalogue's own order (modules as they first appear). */
export function groupAbilities(catalogue: readonly Ability[]): AbilityGroup[] {
  const groups = new Map<string, Ability[]>();
  for (const ability of catalogue) {
    const group = groups.get(ability.module);
    if (group) group.push(ability);
    else groups.set(ability.module, [ability]);
  }
  return [...groups].map(([module, abilities]) => ({ module, abilities }));
}

/** The chosen abilities that make the new token wait for an administrator's approval. */
export function abilitiesNeedingApproval(chosen: readonly string[], catalogue: readonly Ability[]): string[] {
  const needing = new Set(catalogue.filter((ability) => ability.requires_approval).map((ability) => ability.ability));
  return chosen.filter((ability) => needing.has(ability));
}

export interface StatusLabel {
  label: string;
  color: string;
}

/** A token as the list shows it: an active token past its expiry no longer works, so it reads "Expired". */
export function tokenStatus(token: Pick<ApiToken, 'status' | 'expires_at'>, now: Date = new Date()): StatusLabel {
  if (token.status === 'revoked') return { label: 'Revoked', color: 'gray' };
  if (token.status === 'pending_approval') return { label: 'Pending approval', color: 'yellow' };
  if (token.expires_at !== null && new Date(token.expires_at).getTime() <= now.getTime())
    return { label: 'Expired', color: 'gray' };
  return { label: 'Active', color: 'teal' };
}

/** `*` → "Every ability"; two or fewer named in full; more counted per module ("3 operations, 1 system"). */
export function abilitiesSummary(abilities: readonly string[]): string {
  if (abilities.includes('*')) return 'Every ability';
  if (abilities.length === 0) return 'None';
  if (abilities.length <= 2) return abilities.join(', ');
  const perModule = new Map<string, number>();
  for (const ability of abilities) {
    const module = ability.split(':')[0] ?? ability;
    perModule.set(module, (perModule.get(module) ?? 0) + 1);
  }
  return [...perModule].map(([module, count]) => `${count} ${module}`).join(', ');
}

export const TOKEN_TYPES: { value: TokenType; label: string; defaultExpiry: string }[] = [
  { value: 'personal', label: 'Personal', defaultExpiry: '30 days' },
  { value: 'application', label: 'Application', defaultExpiry: '365 days' },
  { value: 'integration', label: 'Integration', defaultExpiry: 'never' },
];

export function tokenTypeLabel(type: TokenType): string {
  return TOKEN_TYPES.find((entry) => entry.value === type)?.label ?? type;
}
