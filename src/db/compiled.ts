// Statements of fixed shape, built and compiled once. Kysely builds a query as an immutable operation tree
// (every `.where()` freezes a new node) and compiles that tree to SQL on every execution; in a CPU profile of
// product GET that work (freeze, visitNode, parseStringReference, cloneWith…) was about 14% of the process,
// more than serialising and presenting the response together. A compiled statement builds and compiles its
// query once per engine, with a placeholder for each parameter, and afterwards sends the same SQL with the
// caller's values put where the placeholders were.
import { createQueryId, type Compilable, type CompiledQuery } from 'kysely';
import { engineOf, type Engine } from './dialect.js';
import { prepareOnPostgres } from './prepared-statements.js';
import type { Executor } from './transaction.js';

/** Named parameters of a statement: each must reach the SQL as one bound value. */
export type StatementParameters = Record<string, unknown>;

export interface CompiledStatement<P extends StatementParameters, O> {
  /** The rows the statement answers, on `db` (a transaction included) with these parameter values. */
  execute(db: Executor, parameters: P): Promise<O[]>;
  executeTakeFirst(db: Executor, parameters: P): Promise<O | undefined>;
}

/** Stands for parameter `name` while the query is built: no real value is a string starting with a NUL. */
const placeholder = (name: string) => `\u0000compiled-statement-parameter:${name}`;

/** Where each parameter goes among the compiled query's parameters (null: a value the query fixed itself). */
interface Template {
  query: CompiledQuery;
  slots: ReadonlyArray<string | null>;
}

function templateOf(query: CompiledQuery, names: ReadonlySet<string>): Template {
  const byPlaceholder = new Map([...names].map((name) => [placeholder(name), name]));
  const slots = query.parameters.map((value) =>
    typeof value === 'string' ? (byPlaceholder.get(value) ?? null) : null,
  );
  for (const name of names) {
    if (!slots.includes(name))
      throw new Error(
        `Parameter ${name} of a compiled statement is not a bound value of its SQL (inlined, or used to choose the shape)`,
      );
  }
  return { query, slots };
}

/**
 * A statement whose shape never changes, built by `build` once per engine and then executed with new
 * parameter values without building or compiling the query again. `build` must use every parameter as one
 * bound value (a comparison operand, a value to set): not in `in` lists, `sql.lit`, or to decide what the
 * query looks like, since it only ever sees placeholders. The result goes through the database's plugins
 * like any query's (Kysely's `executeQuery` applies their `transformResult`). On PostgreSQL each connection
 * keeps it prepared (prepared-statements.ts).
 */
export function compiledStatement<P extends StatementParameters, O>(
  build: (db: Executor, parameters: P) => Compilable<O>,
): CompiledStatement<P, O> {
  const templates = new Map<Engine, Template>();
  const templateFor = (db: Executor): Template => {
    const engine = engineOf(db);
    let template = templates.get(engine);
    if (!template) {
      const used = new Set<string>();
      const placeholders = new Proxy({} as P, {
        get: (_target, name) => {
          if (typeof name !== 'string') return undefined;
          used.add(name);
          return placeholder(name);
        },
      });
      template = templateOf(build(db, placeholders).compile(), used);
      if (engine === 'postgres') prepareOnPostgres(template.query.sql);
      templates.set(engine, template);
    }
    return template;
  };
  const execute = async (db: Executor, parameters: P): Promise<O[]> => {
    const { query, slots } = templateFor(db);
    const values = slots.map((name, i) => (name === null ? query.parameters[i] : parameters[name]));
    const result = await db.executeQuery<O>({
      ...query,
      parameters: values,
      queryId: createQueryId(),
    } as CompiledQuery<O>);
    return result.rows;
  };
  return {
    execute,
    executeTakeFirst: async (db, parameters) => (await execute(db, parameters))[0],
  };
}
