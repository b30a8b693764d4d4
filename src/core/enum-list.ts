// Query parameters that take one allowed value or a comma-separated list of them (`status=draft,active`):
// blanks are skipped, each value is kept once, and a value that is not allowed is a 422 on the parameter.
import { commaList } from '../lib/comma-list.js';
import { ValidationError } from './errors.js';

export interface EnumList<T extends string> {
  /** The query parameter, the field of the 422. */
  field: string;
  allowed: readonly T[];
  /** The 422's message from the values not allowed and the allowed ones, each joined by `, `. */
  invalid: (unknown: string, allowed: string) => string;
  /** Other names the parameter accepts for allowed values. */
  aliases?: Readonly<Record<string, T>>;
}

export interface EnumListReading<T extends string> {
  /** The values listed, aliases resolved, each once in the order first given; empty when none or on error. */
  values: T[];
  /** The message naming the values that are not allowed (each once), or null when every value is allowed. */
  error: string | null;
}

/** Reads the parameter without throwing, for a parser that gathers the errors of several parameters. */
export function readEnumList<T extends string>(
  list: EnumList<T>,
  value: string | readonly string[] | undefined,
): EnumListReading<T> {
  const aliases = list.aliases ?? {};
  const listed = commaList(value).map((item) => (Object.hasOwn(aliases, item) ? aliases[item]! : item));
  const distinct = [...new Set(listed)];
  const allowed: readonly string[] = list.allowed;
  const unknown = distinct.filter((item) => !allowed.includes(item));
  if (unknown.length > 0) return { values: [], error: list.invalid(unknown.join(', '), allowed.join(', ')) };
  return { values: distinct as T[], error: null };
}

/**
 * The values of the parameter (see `readEnumList`); empty when it is absent or blank.
 * @throws ValidationError on the list's field when a value is not allowed.
 */
export function parseEnumList<T extends string>(list: EnumList<T>, value: string | readonly string[] | undefined): T[] {
  const { values, error } = readEnumList(list, value);
  if (error !== null) throw ValidationError.field(list.field, error);
  return values;
}
