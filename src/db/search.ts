// Text search shared by the list endpoints: a case-insensitive substring match over several columns, with
// the same result on SQLite and PostgreSQL (lower() on both sides, LIKE).
import type { Expression, ExpressionBuilder, SqlBool, StringReference } from 'kysely';

export function containsText<DB, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  columns: ReadonlyArray<StringReference<DB, TB>>,
  term: string,
): Expression<SqlBool> {
  const pattern = `%${term.toLowerCase()}%`;
  return eb.or(columns.map((column) => eb(eb.fn('lower', [column]), 'like', pattern)));
}
