// The pattern grammar shared by subscriptions, replays and the feed filter: an event type
// (`<entity>.<action>`, e.g. `product.created`), `<entity>.*` for every event of an entity, or `*` for every
// event. The entity must be one the service emits or one of the platform's other entities that the ability
// map already covers (`invoice`); the action is any lower-case word, so that a
// subscription may name an event before this service emits it. Only a pattern that is malformed, or names an
// entity nobody knows, is refused (docs/decisions/events.md, Events).
import { ENTITY_VIEW_ABILITY, EVENT_TYPES, type EventType } from './event-types.js';

/** Every entity type a pattern or filter may name: those with events in the catalogue and those with a view ability. */
export const KNOWN_ENTITY_TYPES: ReadonlySet<string> = new Set([
  ...Object.values(EVENT_TYPES).map((type) => type.entity_type),
  ...Object.keys(ENTITY_VIEW_ABILITY),
]);

const WORD = '[a-z][a-z0-9_]*';
const PATTERN = new RegExp(`^(${WORD})\\.(\\*|${WORD})$`);

function unknownEntity(entity: string, pattern: string): string {
  return `Unknown entity "${entity}" in "${pattern}". Known: ${[...KNOWN_ENTITY_TYPES].join(', ')}.`;
}

function malformed(pattern: string, expected: string): string {
  return `The pattern "${pattern}" is malformed: use ${expected}.`;
}

/** Why `pattern` is not a well-formed pattern of a known entity, or null when it is. */
export function patternProblem(pattern: string): string | null {
  if (pattern === '*') return null;
  const match = PATTERN.exec(pattern);
  if (!match) return malformed(pattern, 'an event type (entity.action, e.g. product.created), <entity>.* or *');
  return KNOWN_ENTITY_TYPES.has(match[1]!) ? null : unknownEntity(match[1]!, pattern);
}

/** The entity a well-formed pattern names (`product` for `product.*` and `product.created`); null for `*` or a malformed one. */
export function patternEntity(pattern: string): string | null {
  return PATTERN.exec(pattern)?.[1] ?? null;
}

/** Why `eventType` is not a well-formed event type (no wildcard) of a known entity, or null when it is. */
export function eventTypeProblem(eventType: string): string | null {
  const match = PATTERN.exec(eventType);
  if (!match || match[2] === '*') return malformed(eventType, 'one event type (entity.action, e.g. product.created)');
  return KNOWN_ENTITY_TYPES.has(match[1]!) ? null : unknownEntity(match[1]!, eventType);
}

function matchesPattern(pattern: string, eventType: string): boolean {
  if (pattern === '*') return true;
  if (pattern.endsWith('.*')) return eventType.startsWith(pattern.slice(0, -1));
  return pattern === eventType;
}

export function matchesAny(patterns: readonly string[], eventType: string): boolean {
  return patterns.some((pattern) => matchesPattern(pattern, eventType));
}

/**
 * The event types of the catalogue that a set of patterns selects, for filtering in SQL. A pattern of an event
 * this service does not emit (`order.created`) selects none: no such event exists.
 */
export function eventTypesMatching(patterns: readonly string[]): EventType[] {
  return (Object.keys(EVENT_TYPES) as EventType[]).filter((type) => matchesAny(patterns, type));
}
