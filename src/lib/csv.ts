// File downloads: CSV built with csv-stringify, guarded against formula injection, and JSON, each with a
// Content-Disposition that names the file.
import { stringify } from 'csv-stringify/sync';
import type { FastifyReply } from 'fastify';

/**
 * A spreadsheet runs a cell that starts with = + - @ (or tab / carriage return) as a formula; some also one that
 * starts with their fullwidth forms ＝ ＋ － ＠ (folded to the ASCII ones) or with | (the start of a DDE call);
 * and some skip leading whitespace and line breaks before they look. A cell that starts with a tab, carriage
 * return or line feed, or with one of those characters after any whitespace, is prefixed with a quote, which
 * makes it text (OWASP's CSV injection advice).
 */
const FORMULA_START = String.raw`[\t\r\n]|\s*[=+\-@|\uFF1D\uFF0B\uFF0D\uFF20]`;
/**
 * What `neutralise` quotes: a formula, and also a formula behind quotes of its own ('=1, ''=1), so that the
 * import, which removes one quote from such a cell, gives back the quotes a user typed.
 */
const QUOTED_OR_FORMULA = new RegExp(`^'*(?:${FORMULA_START})`);

export function neutralise(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  return QUOTED_OR_FORMULA.test(value) ? `'${value}` : value;
}

/** A cell as written before `neutralise` quoted it: what an exported file, edited and imported again, meant. */
export function restoreNeutralised(value: string): string {
  return value.startsWith("'") && QUOTED_OR_FORMULA.test(value.slice(1)) ? value.slice(1) : value;
}

export function toCsv(columns: readonly string[], rows: ReadonlyArray<Record<string, unknown>>): string {
  return stringify(
    rows.map((row) => columns.map((column) => neutralise(row[column] ?? ''))),
    { header: true, columns: [...columns], cast: { boolean: (v) => (v ? 'true' : 'false') } },
  );
}

export type ExportFormat = 'csv' | 'json';

/** Sends `rows` as a file named `<basename>-<date>.<format>`. */
export function sendExport(
  reply: FastifyReply,
  format: ExportFormat,
  basename: string,
  columns: readonly string[],
  rows: ReadonlyArray<Record<string, unknown>>,
  now: Date,
) {
  const filename = `${basename}-${now.toISOString().slice(0, 10)}.${format}`;
  reply.header('content-disposition', `attachment; filename="${filename}"`);
  if (format === 'csv') return reply.type('text/csv; charset=utf-8').send(toCsv(columns, rows));
  return reply.type('application/json; charset=utf-8').send(JSON.stringify({ data: rows, exported_at: now.toISOString(), total: rows.length }));
}
