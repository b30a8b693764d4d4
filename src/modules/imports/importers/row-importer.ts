// What an importer of one type is, and how it reads a row's cells. An importer turns a row into the body of the
// same service call a single API write makes (so the rules, events and audit entries are the API's), checked
// against the same body schema first. Every problem of a row is collected before it is refused, so that the
// error report lists them all at once.
import type { Transaction } from 'kysely';
import type { FieldErrors } from '../../../core/errors.js';
import { bodyCheck } from '../../../core/validation.js';
import type { DB, ImportMode } from '../../../db/schema.js';

export type RowOutcome = 'created' | 'updated' | 'unchanged';

export interface RowProblem {
  /** The column the problem is in; null for the row as a whole. */
  column: string | null;
  message: string;
}

/** A row that cannot be imported, with every reason found. */
export class RowRefusedError extends Error {
  constructor(readonly problems: readonly RowProblem[]) {
    super(problems.map((problem) => problem.message).join(' '));
  }

  static at(column: string | null, message: string): RowRefusedError {
    return new RowRefusedError([{ column, message }]);
  }
}

export interface RowContext {
  trx: Transaction<DB>;
  tenantId: string;
  mode: ImportMode;
  /** The user who started the import (recorded as the counter of a stock count). */
  userId: string | null;
  /** What this import has looked up by natural key (references.ts), kept for its run. */
  memo: Map<string, string>;
}

export interface RowImporter {
  /** The template's columns for a tenant, in order, those that depend on its records (attributes) included. */
  templateColumns(tenantId: string): Promise<readonly string[]>;
  /**
   * Rows must be imported in the file's order (a category's parent before it, the last count of a product
   * winning); otherwise rows may be imported by several batches at once (PostgreSQL).
   */
  readonly inFileOrder: boolean;
  /** What is wrong with a header for this type (unknown columns, a missing key); empty when it is usable. */
  headerProblems(header: readonly string[]): string[];
  /** Imports one row inside the batch's transaction. @throws RowRefusedError, or a service's refusal. */
  importRow(cells: Readonly<Record<string, string>>, context: RowContext): Promise<RowOutcome>;
  /**
   * Optional, for an importer that writes many rows at once: imports a group of consecutive rows inside the
   * batch's transaction, answering each row's outcome or problems, or undefined for a row it leaves to
   * `importRow` (which runs after the group). @throws on a failure of the group as a whole, whose rows are then
   * imported one at a time.
   */
  importMany?(
    rows: ReadonlyArray<Readonly<Record<string, string>>>,
    context: RowContext,
  ): Promise<Array<RowOutcome | RowProblem[] | undefined>>;
  /**
   * Optional, with `importMany`: the key of the unit a row belongs to (a sales order's rows share its reference).
   * Consecutive rows with the same key are never split between chunks, so `importMany` gets each unit whole.
   */
  groupKey?(cells: Readonly<Record<string, string>>): string | null;
  /** The column a service's field error is about (`category_id` is in `category`); null for the row. */
  columnOf(field: string): string | null;
}

const TRUE_WORDS = new Set(['true', 'yes', '1', 'y']);
const FALSE_WORDS = new Set(['false', 'no', '0', 'n']);
const DECIMAL = /^-?(?:\d+(?:\.\d*)?|\.\d+)$/;

/**
 * Reads typed values from a row's cells. A column the file does not have reads as undefined (left as it is);
 * an empty cell as null (cleared, or the default on create); text that is not of the column's kind is a
 * problem of the row, and reads as undefined.
 */
export class RowReader {
  readonly problems: RowProblem[] = [];

  constructor(private readonly cells: Readonly<Record<string, string>>) {}

  has(column: string): boolean {
    return column in this.cells;
  }

  /** The trimmed text; null when empty. */
  text(column: string): string | null | undefined {
    const raw = this.cells[column];
    if (raw === undefined) return undefined;
    const value = raw.trim();
    return value === '' ? null : value;
  }

  number(column: string): number | null | undefined {
    const value = this.text(column);
    if (value === undefined || value === null) return value;
    if (!DECIMAL.test(value))
      return this.refuse(column, `The ${column} column must be a number (digits and a decimal point), got "${value}".`);
    return Number(value);
  }

  integer(column: string): number | null | undefined {
    const value = this.text(column);
    if (value === undefined || value === null) return value;
    if (!/^-?\d+$/.test(value))
      return this.refuse(column, `The ${column} column must be a whole number, got "${value}".`);
    return Number(value);
  }

  boolean(column: string): boolean | null | undefined {
    const value = this.text(column)?.toLowerCase();
    if (value === undefined || value === null) return value;
    if (TRUE_WORDS.has(value)) return true;
    if (FALSE_WORDS.has(value)) return false;
    return this.refuse(column, `The ${column} column must be true or false (also yes/no, 1/0), got "${value}".`);
  }

  /** Comma-separated values, trimmed, blanks dropped; an empty cell is an empty list. */
  list(column: string, separator = ','): string[] | undefined {
    const value = this.text(column);
    if (value === undefined) return undefined;
    return (value ?? '')
      .split(separator)
      .map((item) => item.trim())
      .filter((item) => item !== '');
  }

  refuse(column: string | null, message: string): undefined {
    this.problems.push({ column, message });
    return undefined;
  }

  /** Throws the row's problems, if any. */
  assertReadable(): void {
    if (this.problems.length > 0) throw new RowRefusedError(this.problems);
  }
}

/** Copies the values read into a body: undefined stays out; null only where `keepNull` (a field that can be cleared). */
export function assign(body: Record<string, unknown>, field: string, value: unknown, keepNull: boolean): void {
  if (value === undefined || (value === null && !keepNull)) return;
  body[field] = value;
}

/**
 * Checks a built body against the API's schema; its field errors are the row's, each at its column, reported
 * with the problems `row` found reading the cells.
 */
export function checkedBody<T>(
  schema: object,
  columnOf: (field: string) => string | null,
): (body: Record<string, unknown>, row?: RowReader) => T {
  const check = bodyCheck(schema);
  return (body, row) => {
    const errors = check(body);
    const problems = [...(row?.problems ?? []), ...(errors ? problemsOf(errors, columnOf) : [])];
    if (problems.length > 0) throw new RowRefusedError(problems);
    return body as T;
  };
}

export function problemsOf(errors: FieldErrors, columnOf: (field: string) => string | null): RowProblem[] {
  return Object.entries(errors).flatMap(([field, messages]) =>
    messages.map((message) => ({ column: columnOf(field), message })),
  );
}

/** Equal as JSON values, with a missing member equal to a null one (a stored address may lack a key sent as null). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b || ((a === null || a === undefined) && (b === null || b === undefined))) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((key) => sameValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}

/** True when every field of `changes` already has that value in `current`: the row changes nothing. */
export function changesNothing(
  current: Readonly<Record<string, unknown>>,
  changes: Readonly<Record<string, unknown>>,
): boolean {
  return Object.entries(changes).every(([field, value]) => sameValue(current[field], value));
}
