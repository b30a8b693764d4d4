// The condition of a keyset page: the rows strictly after a cursor in a list's order, every key in one direction,
// ties broken by the id, and nulls ordered as the lowest values on both engines (the lists say `nulls first`
// ascending and `nulls last` descending, which is SQLite's own order). Keys that cannot be null, and nullable ones
// whose cursor value is not null in an ascending walk (the nulls are behind it), are compared as one row value,
// `(k1, k2, id) > (v1, v2, id)`, which both engines answer from an index in the list's order as one range; a null
// in the way expands the comparison key by key. See docs/decisions/requests-and-responses.md, "Keyset pages".
import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { KeysetCursor, KeyValue } from '../core/keyset.js';

/** A sort key: the expression the list orders by, and whether it may be null. */
export interface SortKey {
  expression: Expression<unknown>;
  nullable: boolean;
  /** An expression of columns (`lower(name)`) that an expression index holds, not a column. */
  computed?: boolean;
}

/** The rows after `cursor` in the order of `keys` then `id`, all `direction`. */
export function keysetAfter(
  keys: readonly SortKey[],
  id: Expression<unknown>,
  cursor: KeysetCursor,
  direction: 'asc' | 'desc',
): RawBuilder<SqlBool> {
  const all = [
    ...keys.map((key, i) => ({ ...key, value: cursor.values[i] ?? null })),
    { expression: id, nullable: false, value: cursor.id as KeyValue },
  ];
  return after(all, direction);
}

interface Bound extends SortKey {
  value: KeyValue;
}

function after(keys: readonly Bound[], direction: 'asc' | 'desc'): RawBuilder<SqlBool> {
  const beyond = direction === 'asc' ? sql.raw('>') : sql.raw('<');
  // A non-null value compares as usual, a null key never matches it: exact while nulls are behind the cursor.
  if (keys.every((key) => key.value !== null && (!key.nullable || direction === 'asc'))) {
    if (keys.length === 1) return sql<SqlBool>`${keys[0]!.expression} ${beyond} ${keys[0]!.value}`;
    const row = sql<SqlBool>`(${sql.join(keys.map((key) => key.expression))}) ${beyond} (${sql.join(keys.map((key) => key.value))})`;
    if (!keys[0]!.computed) return row;
    // SQLite starts a range of an expression index only from a plain comparison of the expression (of columns
    // it takes the row value itself); PostgreSQL takes both into its index condition.
    const atOrBeyond = direction === 'asc' ? sql.raw('>=') : sql.raw('<=');
    return sql<SqlBool>`(${keys[0]!.expression} ${atOrBeyond} ${keys[0]!.value} and ${row})`;
  }
  const [first, ...rest] = keys as [Bound, ...Bound[]];
  const { expression, value } = first;
  const tail = after(rest, direction);
  if (value === null) {
    // Nulls are the lowest: ascending, every non-null row follows; descending, only the other nulls do.
    const sameThenTail = sql<SqlBool>`(${expression} is null and ${tail})`;
    return direction === 'asc' ? sql<SqlBool>`(${sameThenTail} or ${expression} is not null)` : sameThenTail;
  }
  // Past a non-null value: the rows beyond it, or level with it and past the rest; the first bound alone lets a
  // planner start the index range at the cursor. Descending, the nulls (the lowest) follow them all.
  const atOrBeyond = direction === 'asc' ? sql.raw('>=') : sql.raw('<=');
  const step = sql<SqlBool>`(${expression} ${atOrBeyond} ${value} and (${expression} ${beyond} ${value} or (${expression} = ${value} and ${tail})))`;
  return first.nullable && direction === 'desc' ? sql<SqlBool>`(${step} or ${expression} is null)` : step;
}
