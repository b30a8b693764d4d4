// The pattern grammar shared by subscriptions and the feed filter: an exact event type, `<entity>.*` for
// every event of an entity, or `*` for every event.
import { EVENT_TYPES, type EventType } from './event-types.js';

const ENTITY_TYPES = new Set<string>(Object.values(EVENT_TYPES).map((t) => t.entity_type));

/** Why `pattern` is not one of the grammar's forms naming a known event type or entity, or null when it is. */
export function patternProblem(pattern: string): string | null {
  if (pattern === '*') return null;
  if (pattern.endsWith('.*')) {
    const entity = pattern.slice(0, -2);
    return ENTITY_TYPES.has(entity) ? null : `Unknown entity "${entity}". Known: ${[...ENTITY_TYPES].join(', ')}.`;
  }
  return pattern in EVENT_TYPES ? null : `Unknown event type "${pattern}". See GET /api/v1/webhooks/event-types.`;
}

function matchesPattern(pattern: string, eventType: string): boolean {
  if (pattern === '*') return true;
  if (pattern.endsWith('.*')) return eventType.startsWith(pattern.slice(0, -1));
  return pattern === eventType;
}

export function matchesAny(patterns: readonly string[], eventType: string): boolean {
  return patterns.some((pattern) => matchesPattern(pattern, eventType));
}

/** The event types a set of patterns selects, for filtering in SQL. */
export function eventTypesMatching(patterns: readonly string[]): EventType[] {
  return (Object.keys(EVENT_TYPES) as EventType[]).filter((type) => matchesAny(patterns, type));
}
