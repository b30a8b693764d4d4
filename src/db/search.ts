// Text search shared by the list endpoints: a case-insensitive substring match over several columns, with
// the same result on SQLite and PostgreSQL (lower() on both sides, LIKE). The term is text, never a pattern:
// `%`, `_` and the escape character `\` in it match themselves.
import { sql, type Expression, type ExpressionBuilder, type SqlBool, type StringReference } from 'kysely';

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
