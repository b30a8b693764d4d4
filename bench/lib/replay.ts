// A request's statements as the baseline server replays them (bench/lib/statement-ceilings.ts captures them), kept
// apart from the capture so that the baseline server loads nothing of the app.
export interface CapturedStatement {
  sql: string;
  parameters: unknown[];
}

/** What the baseline server replays (`PUT /replays/:name`). */
export interface Replay {
  statements: CapturedStatement[];
  /** Strings that must be new at each replay (wherever they occur in a parameter): the ids the call generated and SEQ_MARKER. */
  fresh: string[];
  /**
   * The item the call was captured with (a product's id), then the others: each replay puts the next in its place,
   * so that replays change (or read) different rows, as the load does, instead of all waiting for one row's lock.
   * An item may be a group of ids that belong together (an order, its lines, their products): each id of the next
   * group takes the place of the captured group's id at the same position.
   */
  items: Array<string | string[]>;
}

/** Stands for the load generator's `{{seq}}` while capturing: digits only, so that slugs and upper-cased SKUs keep it. */
export const SEQ_MARKER = '8642097531';

/**
 * The replay's statements with every fresh string renewed (`renew` gives the new value) and the captured item
 * replaced by the next item in turn, the same value wherever the old one occurs within one replay: the product's
 * new id in its row, its event and its audit entry.
 */
export function renewedStatements(replay: Replay, renew: (old: string) => string): () => CapturedStatement[] {
  const groups = replay.items.map((item) => (typeof item === 'string' ? [item] : item));
  const captured = groups[0] ?? [];
  // Ids and the marker are letters and digits: no character to escape.
  const pattern = new RegExp([...replay.fresh, ...captured].join('|'), 'g');
  // The capture itself took the first item (an order it confirmed, a shipment it shipped): replays start at the
  // next, and come back to it only after all the others.
  let turn = groups.length > 1 ? 1 : 0;
  return () => {
    const renewed = new Map<string, string>();
    if (groups.length > 0) {
      const group = groups[turn++ % groups.length]!;
      captured.forEach((id, i) => renewed.set(id, group[i]!));
    }
    const swap = (old: string) => {
      let value = renewed.get(old);
      if (value === undefined) renewed.set(old, (value = renew(old)));
      return value;
    };
    const visit = (value: unknown): unknown => {
      if (typeof value === 'string') return value.replace(pattern, swap);
      if (Array.isArray(value)) return value.map(visit);
      if (value !== null && typeof value === 'object')
        return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, visit(v)]));
      return value;
    };
    return replay.statements.map(({ sql, parameters }) => ({ sql, parameters: parameters.map(visit) }));
  };
}
