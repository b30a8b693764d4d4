// A CSV file as spreadsheet apps open it: RFC 4180 (comma, CRLF, a field quoted when it holds a comma, a quote or
// a line break, quotes doubled), a UTF-8 byte-order mark so that Excel reads accents right, and a leading ' on any
// text that a spreadsheet would run as a formula (= + - @, and tab or carriage return that hide one), so that an
// exported name cannot execute anything. Numbers are written as numbers: a negative one is not text to guard.

export type CsvCell = string | number | boolean | null | undefined;

/** A column of an export: its header and the cell of each row. */
export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => CsvCell;
}

/** Spreadsheet apps take a BOM-led file as UTF-8; without it Excel reads it in the system's code page. */
export const UTF8_BOM = '\uFEFF';

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One field as written: guarded against formulas, then quoted where RFC 4180 requires it. */
export function csvField(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The whole file: BOM, header line, one line per row, each line ended by CRLF. */
export function toCsv<Row>(columns: ReadonlyArray<CsvColumn<Row>>, rows: readonly Row[]): string {
  const lines = [
    columns.map((column) => csvField(column.header)),
    ...rows.map((row) => columns.map((column) => csvField(column.value(row)))),
  ];
  return UTF8_BOM + lines.map((fields) => `${fields.join(',')}\r\n`).join('');
}

/** `products-2026-12-03.csv`: the list's name and the day it was taken. */
export function csvFileName(name: string, now: Date = new Date()): string {
  return `${name}-${now.toISOString().slice(0, 10)}.csv`;
}
