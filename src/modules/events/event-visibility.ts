// Who may see which events: a subscription or a feed reader sees only events of entities its token may view.
import type { FieldErrors } from '../../core/errors.js';
import { can, type AuthContext } from '../auth/auth-context.js';
import { patternEntity, patternProblem } from './event-patterns.js';
import { ENTITY_VIEW_ABILITY, EVENT_TYPES } from './event-types.js';

/** The entity types whose events `auth` may view (`webhook` test events are never in this list). */
export function visibleEntityTypes(auth: AuthContext): string[] {
  return Object.entries(ENTITY_VIEW_ABILITY)
    .filter(([, ability]) => can(auth, ability))
    .map(([entity]) => entity);
}

/**
 * Why `auth` may not ask for the events a pattern names (subscribe, re-target or replay): the view ability of the
 * pattern's entity it lacks. Null when it may; `*` always may, as it means "every event I may view".
 */
function patternAccessProblem(auth: AuthContext, pattern: string): string | null {
  const entity = patternEntity(pattern);
  const ability = entity === null ? undefined : ENTITY_VIEW_ABILITY[entity];
  if (ability === undefined || can(auth, ability)) return null;
  return `You may not view ${entity} events: they need the ability ${ability}.`;
}

/** Test events name the subscription itself, not a business entity: whoever sees the subscription sees them. */
const TEST_ENTITY_TYPE = EVENT_TYPES['webhook.test'].entity_type;

/** The entity types whose webhook deliveries `auth` may see, payloads included: its visible ones and test events. */
export function deliveryEntityTypes(auth: AuthContext): string[] {
  return [...visibleEntityTypes(auth), TEST_ENTITY_TYPE];
}

/** Malformed patterns, and patterns of entities the caller may not view, each under `event_types.<index>`. */
export function eventTypeErrors(patterns: readonly string[], auth: AuthContext): FieldErrors {
  const errors: FieldErrors = {};
  patterns.forEach((pattern, index) => {
    const problem = patternProblem(pattern) ?? patternAccessProblem(auth, pattern);
    if (problem) errors[`event_types.${index}`] = [problem];
  });
  return errors;
}
