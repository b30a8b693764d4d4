// Text search shared by the list endpoints: a case-insensitive substring match over several columns, with
// the same result on SQLite and PostgreSQL. The term is text, never a pattern: `%`, `_` and the escape
// character `\` in it match themselves.
//
// Two forms. `containsText` reads every row (lower() on both sides, LIKE): fine for the small lists (brands,
// tags, warehouses). `matchesSearch` is served by an index (migration 0029) for the large ones: a term of three
// characters or more is a substring of any searched column, found through trigrams (SQLite: an FTS5 table with
// the trigram tokenizer; PostgreSQL: pg_trgm GIN indexes); a shorter term is a prefix of the list's name-like
// columns (SQLite: a range of their btree indexes on lower(column); PostgreSQL: the same trigram indexes).
// docs/decisions/requests-and-responses.md states the rule.
import {
  sql,
  type Expression,
  type RawBuilder,
  type ExpressionBuilder,
  type SelectQueryBuilder,
  type SqlBool,
  type StringReference,
} from 'kysely';
import type { Engine } from './dialect.js';

/** `text` as a LIKE pattern that matches exactly that text, for `LIKE … ESCAPE '\'`. */
export function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

export function containsText<DB, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  columns: ReadonlyArray<StringReference<DB, TB>>,
  term: string,
): Expression<SqlBool> {
  const pattern = `%${likeLiteral(term.toLowerCase())}%`;
  // SQLite has no default escape character and PostgreSQL's is `\`: naming it makes both read the pattern alike.
  return eb.or(columns.map((column) => sql<SqlBool>`${eb.fn('lower', [column])} like ${pattern} escape '\\'`));
}

/** The shortest term a trigram index can find: shorter ones match as a prefix. */
export const TRIGRAM_LENGTH = 3;

/** What a list searches and the indexes of migration 0029 that serve it. */
export interface SearchIndex<DB, TB extends keyof DB> {
  /** Searched for the term as a substring; on PostgreSQL each has a GIN index on `lower(column) gin_trgm_ops`. */
  columns: ReadonlyArray<StringReference<DB, TB>>;
  /**
   * Searched for a term shorter than a trigram as a prefix, each a member of `columns`: on SQLite through the
   * list's btree index on `(tenant_id, lower(column))` over live rows (`deleted_at is null`), on PostgreSQL
   * through its trigram index (pg_trgm serves `LIKE 'ab%'` from the trigrams of a word's start).
   */
  prefixColumns: ReadonlyArray<string>;
  /**
   * SQLite: the searched table and its FTS5 trigram table over exactly `columns`, an external-content table
   * keyed by the table's rowid (the triggers of migration 0029 keep it in every write's transaction). `alias`
   * is the name the list's query gives the table. `ftsColumns`: the FTS5 table's columns to search when they are
   * fewer than it holds (a join searching another list's name alone); all of them when absent.
   */
  sqlite: { table: string; alias: string; fts: string; ftsColumns?: readonly string[] };
  /**
   * What a term shorter than a trigram matches: `'prefix'` (the default) a prefix of `prefixColumns` through an
   * index; `'substring'` a substring of any of `columns`, as a term of three characters, reading every live
   * row of the tenant (the customer list, whose `?search=_` finds an underscore anywhere).
   */
  shortTerms?: 'prefix' | 'substring';
}

/** The term's length in characters (code points), as both engines count it. */
function characters(term: string): number {
  return Array.from(term).length;
}

/** Whether `term` is shorter than a trigram: matched as a prefix of `prefixColumns` (or a substring, `shortTerms`). */
export function isShortTerm(term: string): boolean {
  return characters(term) < TRIGRAM_LENGTH;
}

/**
 * The smallest string above every string that starts with `prefix`, in code-point (binary) order: the prefix
 * with its last character's successor; none when that character is the last one Unicode has.
 */
function prefixUpperBound(prefix: string): string | undefined {
  const chars = Array.from(prefix);
  const last = chars.pop()!.codePointAt(0)!;
  if (last >= 0x10ffff) return undefined;
  // The successor skips the surrogates, which are no characters of their own.
  const next = last + 1 >= 0xd800 && last + 1 <= 0xdfff ? 0xe000 : last + 1;
  return chars.join('') + String.fromCodePoint(next);
}

/**
 * `term` as an FTS5 phrase: quoted, a quote in it doubled, every other character itself; limited to `columns`
 * when given (an FTS5 column filter, `{name} : "term"`).
 */
function ftsPhrase(term: string, columns?: readonly string[]): string {
  const phrase = `"${term.replaceAll('"', '""')}"`;
  return columns === undefined ? phrase : `{${columns.join(' ')}} : ${phrase}`;
}

/**
 * How many rows a term matches, as far as the plan of a SQLite search cares (`countedSearch` tells): `narrow`
 * (the default) asks the FTS5 table for every match at once, `broad` tests each row the query walks in its own
 * order itself (case folded, LIKE). A common word in a large catalog has hundreds of thousands of matches: collecting them
 * all costs more than walking the list's index newest first and stopping after the page, on which every second
 * row matches; a rare one is the opposite.
 */
export type SearchBreadth = 'narrow' | 'broad';

/**
 * The live rows of `tenantId` whose searched columns hold `term` (trimmed, not blank): a substring of any of
 * `columns` when the term has three characters or more, else a prefix of any of `prefixColumns`;
 * case-insensitive either way. The caller's query still names the tenant and the live rows itself.
 */
export function matchesSearch<DB, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  engine: Engine,
  index: SearchIndex<DB, TB>,
  tenantId: string,
  term: string,
  breadth: SearchBreadth = 'narrow',
): Expression<SqlBool> {
  const lowered = term.toLowerCase();
  const long = characters(term) >= TRIGRAM_LENGTH;
  if (!long && index.shortTerms === 'substring') return containsText(eb, index.columns, term);
  if (engine === 'postgres') {
    if (long) return containsText(eb, index.columns, term);
    const pattern = `${likeLiteral(lowered)}%`;
    return eb.or(index.prefixColumns.map((c) => sql<SqlBool>`lower(${sql.ref(c)}) like ${pattern} escape '\\'`));
  }
  const { table, alias, fts, ftsColumns } = index.sqlite;
  const rowid = sql.ref(`${alias}.rowid`);
  if (long) {
    // The trigram tokenizer folds case (case_sensitive 0) and finds a quoted phrase as a substring of one
    // column through its index. LIKE on the FTS table would use the index too, but not with an ESCAPE clause.
    const phrase = ftsPhrase(term, ftsColumns);
    // Broad: each row the query walks is tested itself, its columns folded as PostgreSQL's lower() folds them and
    // matched with LIKE, a few microseconds a row. Asking FTS5 about each row instead cost 0.4 ms a row on a
    // common word at 1,000,000 products: it seeks every trigram's list (hundreds of thousands of entries) anew.
    if (breadth === 'broad') {
      const pattern = `%${likeLiteral(lowered)}%`;
      const columns = ftsColumns?.map((column) => `${alias}.${column}`) ?? index.columns;
      return eb.or(
        columns.map((column) => sql<SqlBool>`${sql.raw(FOLD_CASE)}(${sql.ref(column)}) like ${pattern} escape '\\'`),
      );
    }
    return sql<SqlBool>`${rowid} in (select rowid from ${sql.table(fts)} where ${sql.table(fts)} match ${phrase})`;
  }
  // SQLite compares text byte by byte (code-point order), so the strings that start with the prefix are one
  // range of each lower(column) index. Asked as one OR beside the list's other conditions, SQLite (which keeps
  // no statistics here) prefers walking a whole tenant index; one subquery per column reads just the ranges.
  const upper = prefixUpperBound(lowered);
  const ranges = index.prefixColumns.map((column) => {
    // Unqualified, so that it names the subquery's own row even where the list's query aliases the table.
    const key = sql`lower(${sql.ref(column.slice(column.lastIndexOf('.') + 1))})`;
    const below = upper === undefined ? sql`` : sql` and ${key} < ${upper}`;
    return sql`select rowid from ${sql.table(table)} where tenant_id = ${tenantId} and deleted_at is null and ${key} >= ${lowered}${below}`;
  });
  return sql<SqlBool>`${rowid} in (${sql.join(ranges, sql` union all `)})`;
}

/**
 * Whether a search of `term` goes through SQLite's FTS5 table, whose plan depends on how many rows match
 * (`SearchBreadth`): on PostgreSQL the planner weighs that itself from the statistics of migration 0031.
 */
export function searchesFullText(engine: Engine, term: string): boolean {
  return engine === 'sqlite' && !isShortTerm(term);
}

/**
 * `query` (of the searched table) joined to the FTS5 table's matches of `term` and limited to them: the FTS5
 * table drives the query, so a count cut at a limit stops after that many matches, where `matchesSearch`'s
 * `rowid in (…)` would first collect every match. SQLite only, for a term of three characters or more.
 */
export function drivenBySearch<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  index: SearchIndex<DB, TB>,
  term: string,
): SelectQueryBuilder<DB, TB, O> {
  const { alias, fts, ftsColumns } = index.sqlite;
  const joined = (query as unknown as SelectQueryBuilder<DB & Record<string, unknown>, TB, O>).innerJoin(
    sql`${sql.table(fts)}`.as(fts) as never,
    (join) => join.on(sql<SqlBool>`${sql.ref(`${fts}.rowid`)} = ${sql.ref(`${alias}.rowid`)}`),
  );
  return joined.where(
    sql<SqlBool>`${sql.table(fts)} match ${ftsPhrase(term, ftsColumns)}`,
  ) as unknown as SelectQueryBuilder<DB, TB, O>;
}

/** SQLite's `fold_case(text)`, registered on every connection (db/database.ts): lower case as PostgreSQL's lower(). */
export const FOLD_CASE = 'fold_case';

/** The columns a list ranks its matches by (`searchRankConditions`): each a qualified column reference. */
export interface SearchRanking {
  /** Codes of ASCII text (a SKU) equal to the term whatever the case: the best matches. */
  exactFolded: readonly string[];
  /** Codes equal to the term exactly as stored (a barcode, as the scanner lookup reads it): the best matches too. */
  exact: readonly string[];
  /** Names and codes that start with the term, whatever the case: the next best. */
  prefix: readonly string[];
}

/**
 * The conditions that rank a match of `term`, best first: `exact` (an exact column equals it), `prefix` (a
 * `prefix` column starts with it), else the other matches. Each is written so that an index can serve it and
 * the planner can weigh it: the codes compare through their btree indexes (`lower(sku)`, `barcode`), a prefix
 * is `LIKE 'term%'`, which PostgreSQL's trigram indexes serve and its statistics of lower(column) estimate
 * (migration 0031). Case is folded alike on both engines: PostgreSQL's lower(), SQLite's `fold_case` (its own
 * lower() folds ASCII only; the codes are ASCII, their schemas say so). Either is null on a row whose columns
 * are null: negate it through `coalesce(…, false)`.
 */
export function searchRankConditions(
  engine: Engine,
  ranking: SearchRanking,
  term: string,
): { exact: RawBuilder<SqlBool>; exactEach: RawBuilder<SqlBool>[]; prefix: RawBuilder<SqlBool> } {
  const lowered = term.toLowerCase();
  const fold = (column: string) =>
    engine === 'postgres' ? sql`lower(${sql.ref(column)})` : sql`${sql.raw(FOLD_CASE)}(${sql.ref(column)})`;
  const pattern = `${likeLiteral(lowered)}%`;
  const anyOf = (conditions: RawBuilder<unknown>[]) => sql<SqlBool>`(${sql.join(conditions, sql` or `)})`;
  const exactEach = [
    ...ranking.exactFolded.map((column) => sql<SqlBool>`lower(${sql.ref(column)}) = ${lowered}`),
    ...ranking.exact.map((column) => sql<SqlBool>`${sql.ref(column)} = ${term}`),
  ];
  return {
    exact: anyOf(exactEach),
    exactEach,
    prefix: anyOf(ranking.prefix.map((column) => sql`${fold(column)} like ${pattern} escape '\\'`)),
  };
}

/**
 * The part of `index` that finds a short term's matches of no `prefix` rank: its other prefix columns. A ranked
 * list asks its last rank through it, so that the planner weighs that rank by those columns (a barcode starting
 * with the term: few) rather than by every match less the prefixes, which it cannot tell apart.
 */
export function beyondRankedPrefixes<DB, TB extends keyof DB>(
  index: SearchIndex<DB, TB>,
  ranking: SearchRanking,
): SearchIndex<DB, TB> {
  return { ...index, prefixColumns: index.prefixColumns.filter((column) => !ranking.prefix.includes(column)) };
}
