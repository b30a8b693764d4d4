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
   */
  items: string[];
}

/** Stands for the load generator's `{{seq}}` while capturing: digits only, so that slugs and upper-cased SKUs keep it. */
export const SEQ_MARKER = '8642097531';

/**
 * The replay's statements with every fresh string renewed (`renew` gives the new value) and the captured item
 * replaced by the next item in turn, the same value wherever the old one occurs within one replay: the product's
 * new id in its row, its event and its audit entry.
 */
export function renewedStatements(replay: Replay, renew: (old: string) => string): () => CapturedStatement[] {
  // Ids and the marker are letters and digits: no character to escape.
  const pattern = new RegExp([...replay.fresh, ...replay.items.slice(0, 1)].join('|'), 'g');
  let turn = 0;
  return () => {
    const renewed = new Map<string, string>();
    if (replay.items.length > 0) renewed.set(replay.items[0]!, replay.items[turn++ % replay.items.length]!);
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
