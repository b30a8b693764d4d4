// PostgreSQL parses and plans a statement sent without a name on every execution. For the app's hot point reads
// the planning is most of the server's work: the product read with its links, measured with `EXPLAIN ANALYZE`,
// took 0.85 ms to plan and 0.3 ms to run. A named (prepared) statement is parsed once per connection, and after
// five executions the server keeps one generic plan when it costs no more than the plans made for each value
// (`plan_cache_mode = auto`). SQLite needs none of this: its driver prepares every statement (statement-cache.ts).
//
// Only statements registered here are named: the compiled statements (compiled.ts), whose shapes are fixed and
// few. A query whose text varies with its input (`in` lists, optional filters) is planned for its values.
import pg from 'pg';

const names = new Map<string, string>();

/** Makes PostgreSQL keep `sql` prepared on each connection that runs it. */
export function prepareOnPostgres(sql: string): void {
  if (!names.has(sql)) names.set(sql, `qm_${names.size + 1}`);
}

/**
 * A statement prepared before a migration changed the columns it answers (another process migrated during a
 * rolling upgrade) fails with this, on every later execution on that connection.
 */
const isStaleResultType = (error: unknown) =>
  (error as { code?: string }).code === '0A000' &&
  /cached plan must not change result type/.test(String((error as Error).message));

/** pg's client, sending each registered text as a named statement; everything else as it comes. */
export class PreparingClient extends pg.Client {
  /** The names this connection gave instead, for statements whose first name went stale. */
  private readonly renamed = new Map<string, string>();

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- pg's overloads, passed through unchanged
  override query(config: any, values?: any, callback?: any): any {
    const name =
      typeof config === 'string' && callback === undefined && typeof values !== 'function'
        ? (this.renamed.get(config) ?? names.get(config))
        : undefined;
    if (name === undefined) return super.query(config, values, callback);
    const run = (as: string): Promise<pg.QueryResult> => super.query({ name: as, text: config, values });
    return run(name).catch((error: unknown) => {
      if (!isStaleResultType(error)) throw error;
      // Preparing it again under a new name reads the columns as they are now. The stale one stays on the server
      // until the connection closes: DEALLOCATE fails inside the aborted transaction this may be part of. Outside
      // a transaction the retry answers; inside one it fails too, and the caller sees the first error.
      const fresh = `${name}_${this.renamed.size + 1}`;
      this.renamed.set(config, fresh);
      return run(fresh).catch(() => {
        throw error;
      });
    });
  }
}
