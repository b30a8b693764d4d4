// The event feed: a tenant's published events in id order, read with an exclusive `after` cursor. Ids only
// grow in publishing order (see feed-ids.ts), so a reader that follows the cursor never skips an event.
import { parseEnumList, type EnumList } from '../../core/enum-list.js';
import { ValidationError } from '../../core/errors.js';
import type { Executor } from '../../db/transaction.js';
import type { AuthContext } from '../auth/auth-context.js';
import { KNOWN_ENTITY_TYPES, eventTypesMatching, patternProblem } from './event-patterns.js';
import { EVENT_TYPES } from './event-types.js';
import { visibleEntityTypes } from './event-visibility.js';
import type { EventFeedMeta, EventFeedQuery, EventTypeResponse } from './event-feed.schemas.js';
import type { EventRepository, FeedRow } from './event.repository.js';
import { commaList } from '../../lib/comma-list.js';

export interface EventFeedPage {
  events: FeedRow[];
  meta: EventFeedMeta;
}

/** The event types the `event_type` filter selects, or null when it is absent (every type). */
function parseEventTypes(value: string | undefined): string[] | null {
  const patterns = [...new Set(commaList(value))];
  if (patterns.length === 0) return null;
  const problems = patterns.map(patternProblem).filter((problem): problem is string => problem !== null);
  if (problems.length > 0) throw new ValidationError({ event_type: problems });
  return eventTypesMatching(patterns);
}

const ENTITY_TYPE_FILTER: EnumList<string> = {
  field: 'entity_type',
  allowed: [...KNOWN_ENTITY_TYPES],
  invalid: (unknown, allowed) => `Unknown entity type: ${unknown}. Known: ${allowed}.`,
};

/**
 * The entity types to read: those asked for (all when none), narrowed to what `visible` allows. Any known entity
 * type may be asked for, visible to the caller or not, emitted by this service or not: that is never an error.
 */
function parseEntityTypes(value: string | undefined, visible: readonly string[]): string[] {
  const wanted = parseEnumList(ENTITY_TYPE_FILTER, value);
  return wanted.length === 0 ? [...visible] : wanted.filter((type) => visible.includes(type));
}

export interface EventFeedServiceDeps {
  db: Executor;
  events: EventRepository;
}

export class EventFeedService {
  private readonly db: Executor;
  private readonly events: EventRepository;

  constructor(deps: EventFeedServiceDeps) {
    this.db = deps.db;
    this.events = deps.events;
  }

  /** The catalogue of event types, each with its entity type and what causes it. */
  eventTypes(): EventTypeResponse[] {
    return Object.entries(EVENT_TYPES).map(([eventType, { entity_type, description }]) => ({
      event_type: eventType,
      entity_type,
      description,
    }));
  }

  /**
   * One page of the caller's tenant's events after `query.after`, oldest first, limited to the entity types
   * the caller may view. `meta.cursor` is the last event's id, or `after` itself when the page is empty.
   * Throws ValidationError for a malformed pattern, or a pattern or entity type of an unknown entity.
   */
  async page(auth: AuthContext, query: EventFeedQuery): Promise<EventFeedPage> {
    const after = query.after?.toLowerCase() ?? null;
    const rows = await this.events.listFeed(this.db, {
      tenantId: auth.tenantId,
      after,
      entityTypes: parseEntityTypes(query.entity_type, visibleEntityTypes(auth)),
      eventTypes: parseEventTypes(query.event_type),
      limit: query.per_page + 1,
    });
    const events = rows.slice(0, query.per_page);
    return {
      events,
      meta: { per_page: query.per_page, has_more: rows.length > query.per_page, cursor: events.at(-1)?.id ?? after },
    };
  }
}
