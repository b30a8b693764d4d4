// CSV built with csv-stringify, guarded against formula injection: what an export writes and an import reads
// back. The download that sends it is http/files.ts.
import { stringify } from 'csv-stringify/sync';

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
