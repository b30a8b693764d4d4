// The event-type patterns a subscription listens to, as the picker offers them: every event (`*`), an entity's
// wildcard (`product.*`) or single event types, grouped by entity from GET /webhooks/event-types.
import type { components } from '../../../clients/typescript/src/openapi';

export type EventType = components['schemas']['EventType'];

export const ALL_EVENTS = '*';

export interface PatternGroup {
  entity: string;
  /** `product.*` */
  wildcard: string;
  /** "Product", "Purchase order" */
  label: string;
  types: EventType[];
}

/** Only the test endpoint sends these; nobody subscribes to them. */
const NOT_SUBSCRIBABLE = new Set(['webhook']);

export function entityLabel(entity: string): string {
  const words = entity.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The catalogue grouped by entity, in the catalogue's order, without the test-only types. */
export function groupEventTypes(types: readonly EventType[]): PatternGroup[] {
  const groups = new Map<string, PatternGroup>();
  for (const type of types) {
    if (NOT_SUBSCRIBABLE.has(type.entity_type)) continue;
    let group = groups.get(type.entity_type);
    if (!group) {
      group = {
        entity: type.entity_type,
        wildcard: `${type.entity_type}.*`,
        label: entityLabel(type.entity_type),
        types: [],
      };
      groups.set(type.entity_type, group);
    }
    group.types.push(type);
  }
  return [...groups.values()];
}

/** Whether `pattern` already covers `eventType` (`product.*` covers `product.created`; `*` covers all). */
export function covers(pattern: string, eventType: string): boolean {
  if (pattern === ALL_EVENTS) return true;
  if (pattern.endsWith('.*')) return eventType.startsWith(pattern.slice(0, -1));
  return pattern === eventType;
}

/**
 * The selection after ticking or unticking `pattern`: a wider pattern replaces the narrower ones it covers, so
 * the subscription stores what the user meant (`product.*`, not `product.*` plus `product.created`).
 */
export function togglePattern(selected: readonly string[], pattern: string): string[] {
  if (selected.includes(pattern)) return selected.filter((p) => p !== pattern);
  const narrower = selected.filter(
    (p) => p !== pattern && covers(pattern, p.endsWith('.*') ? `${p.slice(0, -2)}.x` : p),
  );
  return [...selected.filter((p) => !narrower.includes(p)), pattern];
}

/** A pattern as a person reads it: "All events", "Every product event", or the event type itself. */
export function describePattern(pattern: string): string {
  if (pattern === ALL_EVENTS) return 'All events';
  if (pattern.endsWith('.*')) return `Every ${entityLabel(pattern.slice(0, -2)).toLowerCase()} event`;
  return pattern;
}

/** Options for a single-choice filter (the event feed's): entity wildcards first in each group, then the types. */
export function filterOptions(
  groups: readonly PatternGroup[],
): { group: string; items: { value: string; label: string }[] }[] {
  return groups.map((group) => ({
    group: group.label,
    items: [
      { value: group.wildcard, label: describePattern(group.wildcard) },
      ...group.types.map((type) => ({ value: type.event_type, label: type.event_type })),
    ],
  }));
}
