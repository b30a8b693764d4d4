// Driver errors translated once per engine, so services can react to constraint violations by meaning.
import { ValidationError } from '../core/errors.js';

export interface UniqueViolation {
  /** Columns of the violated unique index, when the driver names them. */
  columns: string[];
  constraint: string | null;
}

interface DriverError {
  code?: string;
  message?: string;
  constraint?: string;
  detail?: string;
}

function asDriverError(error: unknown): DriverError | null {
  return typeof error === 'object' && error !== null ? (error as DriverError) : null;
}

/** Returns the violation when `error` is a unique-constraint failure on either engine, else null. */
export function uniqueViolation(error: unknown): UniqueViolation | null {
  const e = asDriverError(error);
  if (!e) return null;
  if (e.code === '23505') {
    // PostgreSQL: detail reads `Key (tenant_id, code)=(…, …) already exists.`
    const match = /^Key \(([^)]+)\)=/.exec(e.detail ?? '');
    const columns = match?.[1]?.split(',').map((c) => c.trim().replace(/^lower\((.*)\)$/, '$1')) ?? [];
    return { columns, constraint: e.constraint ?? null };
  }
  if (e.code === 'SQLITE_CONSTRAINT_UNIQUE' || e.code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
    // SQLite: `UNIQUE constraint failed: warehouses.tenant_id, warehouses.code`
    // or, for an index on an expression, `UNIQUE constraint failed: index 'users_email_unique'`.
    const list = e.message?.split('constraint failed: ')[1] ?? '';
    const indexName = /^index '([^']+)'/.exec(list)?.[1];
    if (indexName) return { columns: [], constraint: indexName };
    const columns = list
      .split(',')
      .map((c) => c.trim().split('.').pop() ?? '')
      .filter(Boolean);
    return { columns, constraint: null };
  }
  return null;
}

/**
 * The field whose unique index `error` violates, among `indexes` (field -> the index's name), or null for any
 * other error. A field matches by its column, as the drivers name them, or by its index's name, which is all
 * SQLite gives for an index on an expression. Fields are tried in the order given.
 */
export function violatedUniqueField<F extends string>(error: unknown, indexes: Readonly<Record<F, string>>): F | null {
  const violation = uniqueViolation(error);
  if (!violation) return null;
  for (const [field, index] of Object.entries(indexes) as Array<[F, string]>) {
    if (violation.columns.includes(field) || violation.constraint === index) return field;
  }
  return null;
}

/**
 * The 422 `The <field> has already been taken.` for a write that lost a race on one of `indexes` (a concurrent
 * write took the value after the service's own check passed), else null: `throw takenError(error, …) ?? error`.
 * `messages` replaces the wording for a field, so that the race answers what the service's own check would have.
 */
export function takenError<F extends string>(
  error: unknown,
  indexes: Readonly<Record<F, string>>,
  messages?: Readonly<Partial<Record<F, string>>>,
): ValidationError | null {
  const field = violatedUniqueField(error, indexes);
  if (field === null) return null;
  const message = messages?.[field];
  return message === undefined ? ValidationError.taken(field) : ValidationError.field(field, message);
}

/**
 * Runs `write`, a statement that stores values unique among a tenant's rows, answering the violation of one of
 * `indexes` as that field's 422 (`takenError`): the service has checked the values, but a concurrent write can
 * take one first.
 */
export async function writeUnique<T, F extends string>(
  indexes: Readonly<Record<F, string>>,
  write: () => Promise<T>,
  messages?: Readonly<Partial<Record<F, string>>>,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    throw takenError(error, indexes, messages) ?? error;
  }
}

/**
 * True when the database gave up on a transaction for reasons of timing rather than content, so that running
 * the same unit again can succeed: PostgreSQL's serialization failure (40001) and deadlock victim (40P01);
 * SQLite's SQLITE_BUSY and its extended codes (SQLITE_BUSY_SNAPSHOT, SQLITE_BUSY_RECOVERY…), raised when
 * another process kept the write lock past the busy timeout.
 */
export function isTransientConflict(error: unknown): boolean {
  const code = asDriverError(error)?.code;
  if (typeof code !== 'string') return false;
  return code === '40001' || code === '40P01' || code === 'SQLITE_BUSY' || code.startsWith('SQLITE_BUSY_');
}
