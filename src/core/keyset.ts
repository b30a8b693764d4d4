// Keyset pagination as services see it: a walk through a list in its order, each page continuing strictly after
// the last row of the one before. The cursor is opaque to clients: base64url of a small JSON object naming the
// list and its order, the last row's sort key values and its id. Reading one checks all of that, so a garbled
// cursor or one made for another order is a 422 on `after`, never a wrong page. The query schema and the
// answer's `meta` and `links` are http/pagination.ts' (docs/decisions/requests-and-responses.md, "Keyset pages").
import { isUlid } from '../lib/ids.js';
import { ValidationError } from './errors.js';

export type KeyValue = string | number | null;

/** The kind of value a sort key holds, which a cursor must carry for it. */
export interface KeyKind {
  type: 'string' | 'number';
  nullable: boolean;
}

/** A list's order as cursors name it: `products:name:asc`; a cursor answers only the order it was made for. */
export interface KeysetOrder {
  name: string;
  keys: readonly KeyKind[];
}

/** The position a page continues after: the last row's sort key values, in order, and its id. */
export interface KeysetCursor {
  values: KeyValue[];
  id: string;
}

/** A keyset page asked for: `after` null starts the walk at the list's first row. */
export interface KeysetRequest {
  per_page: number;
  after: KeysetCursor | null;
}

/** A keyset page: its rows and the cursor of the next page, null on the last page. */
export interface KeysetPage<T> {
  items: T[];
  next: string | null;
}

/** The longest cursor read: a few sort key values and an id, far below it (a name is at most 255 characters). */
export const MAX_CURSOR_LENGTH = 2000;

const INVALID = 'The after cursor is not valid: pass the meta.cursor of the previous page, or an empty after to start.';

export function encodeCursor(order: KeysetOrder, cursor: KeysetCursor): string {
  return Buffer.from(JSON.stringify({ o: order.name, k: cursor.values, id: cursor.id }), 'utf8').toString('base64url');
}

/**
 * The position `text` names in `order`; null for the empty cursor, which starts a walk.
 * @throws ValidationError on `after`: not a cursor of this API, or one made for another list or order.
 */
export function decodeCursor(order: KeysetOrder, text: string): KeysetCursor | null {
  if (text === '') return null;
  if (text.length > MAX_CURSOR_LENGTH || !/^[A-Za-z0-9_-]+$/.test(text)) throw ValidationError.field('after', INVALID);
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw ValidationError.field('after', INVALID);
  }
  if (typeof parsed !== 'object' || parsed === null) throw ValidationError.field('after', INVALID);
  const { o, k, id } = parsed as Record<string, unknown>;
  if (typeof o !== 'string' || typeof id !== 'string' || !isUlid(id) || !Array.isArray(k))
    throw ValidationError.field('after', INVALID);
  if (o !== order.name)
    throw ValidationError.field(
      'after',
      `The after cursor was made for another list or order (${o.slice(0, 100)}), not ${order.name}: start a new walk with an empty after.`,
    );
  if (k.length !== order.keys.length || !k.every((value, i) => fits(value, order.keys[i]!)))
    throw ValidationError.field('after', INVALID);
  return { values: k as KeyValue[], id: id.toLowerCase() };
}

function fits(value: unknown, kind: KeyKind): boolean {
  if (value === null) return kind.nullable;
  return kind.type === 'number' ? typeof value === 'number' && Number.isFinite(value) : typeof value === 'string';
}

/**
 * A page of a walk from `per_page + 1` fetched rows: the page, and the next page's cursor (the page's last row)
 * when the extra row shows one follows.
 */
export function keysetPage<R extends { id: string }>(
  order: KeysetOrder,
  fetched: readonly R[],
  perPage: number,
  keysOf: (row: R) => KeyValue[],
): { rows: R[]; next: string | null } {
  const rows = fetched.slice(0, perPage);
  const last = rows.at(-1);
  const next =
    fetched.length > perPage && last !== undefined ? encodeCursor(order, { values: keysOf(last), id: last.id }) : null;
  return { rows, next };
}

/** The per_page + after of a keyset request. @throws ValidationError when `page` asks for a page past the first. */
export function keysetRequest(
  order: KeysetOrder,
  query: { after: string; page: number; per_page: number },
): KeysetRequest {
  if (query.page > 1)
    throw ValidationError.field(
      'page',
      'The page field cannot be combined with after: a walk by cursor has no page numbers.',
    );
  return { per_page: query.per_page, after: decodeCursor(order, query.after) };
}

/** `page` above 1 with `after`: a walk by cursor has no page numbers. */
export function pageWithCursorError(): ValidationError {
  return ValidationError.field(
    'page',
    'The page field cannot be combined with after: a walk by cursor has no page numbers.',
  );
}
