// The baselines: bare Fastify, no hooks, no plugins, no validation, on the bench database through the app's
// drivers. GET /constant answers a constant JSON; GET /products/:id reads one row by primary key; POST
// /writes inserts one row. PUT /answers/:name keeps a body that GET /answers/:name then answers as it is: the
// app's own answers served with no work at all, the most this stack can do for answers of that size. PUT
// /replays/:name keeps the statements of one app request (bench/lib/statement-ceilings.ts): POST /replays/:name
// runs a write's in one transaction, with fresh ids; GET /replays/:name runs a read's and answers the rows of the
// last as JSON. Run by the harness as its own process: BENCH_PORT, and DATABASE_URL for PostgreSQL or
// BENCH_SQLITE_FILE for SQLite.
import BetterSqlite3 from 'better-sqlite3';
import Fastify from 'fastify';
import pg from 'pg';
import { ulid } from 'ulid';
import { SEQ_MARKER, renewedStatements, type CapturedStatement, type Replay } from './lib/replay.js';

interface Driver {
  readOne(id: string): Promise<unknown>;
  writeOne(id: string, at: string): Promise<void>;
  /** Runs the statements in one transaction, as the app's write does. */
  replay(statements: CapturedStatement[]): Promise<void>;
  /** Runs a read's statements, each prepared once, and answers the rows of the last. */
  read(statements: CapturedStatement[]): Promise<unknown[]>;
  close(): Promise<void>;
}

const CREATE_WRITES =
  'create table if not exists bench_writes (id text primary key, note text not null, created_at text not null)';

function sqliteDriver(file: string): Driver {
  // The app's connection settings (src/db/database.ts).
  const sqlite = new BetterSqlite3(file, { timeout: 5000 });
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.exec(CREATE_WRITES);
  const read = sqlite.prepare('select * from products where id = ?');
  const write = sqlite.prepare('insert into bench_writes (id, note, created_at) values (?, ?, ?)');
  const prepared = new Map<string, BetterSqlite3.Statement>();
  const run = (statements: CapturedStatement[]) => {
    let rows: unknown[] = [];
    for (const { sql, parameters } of statements) {
      let statement = prepared.get(sql);
      if (!statement) prepared.set(sql, (statement = sqlite.prepare(sql)));
      if (statement.reader) rows = statement.all(...parameters);
      else statement.run(...parameters);
    }
    return rows;
  };
  const runAll = sqlite.transaction(run);
  return {
    readOne: async (id) => read.get(id),
    writeOne: async (id, at) => {
      write.run(id, 'baseline', at);
    },
    replay: async (statements) => {
      // BEGIN IMMEDIATE, as the app's dialect: the write lock first.
      runAll.immediate(statements);
    },
    read: async (statements) => run(statements),
    close: async () => {
      sqlite.close();
    },
  };
}

const statementNames = new Map<string, string>();
const statementName = (sql: string) => {
  let name = statementNames.get(sql);
  if (!name) statementNames.set(sql, (name = `replay-${statementNames.size}`));
  return name;
};

async function postgresDriver(url: string, poolSize: number): Promise<Driver> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  await pool.query(CREATE_WRITES);
  return {
    readOne: async (id) =>
      (await pool.query({ name: 'read-one', text: 'select * from products where id = $1', values: [id] })).rows[0],
    writeOne: async (id, at) => {
      await pool.query({
        name: 'write-one',
        text: 'insert into bench_writes (id, note, created_at) values ($1, $2, $3)',
        values: [id, 'baseline', at],
      });
    },
    replay: async (statements) => {
      // Sent as the app's driver sends them: unnamed, one round trip each.
      const client = await pool.connect();
      try {
        await client.query('begin');
        for (const { sql, parameters } of statements) await client.query(sql, parameters);
        await client.query('commit');
      } catch (error) {
        await client.query('rollback');
        throw error;
      } finally {
        client.release();
      }
    },
    read: async (statements) => {
      // Named, so that each connection prepares them once, as the app does its compiled statements.
      let rows: unknown[] = [];
      for (const { sql, parameters } of statements)
        rows = (await pool.query({ name: statementName(sql), text: sql, values: parameters })).rows;
      return rows;
    },
    close: () => pool.end(),
  };
}

const databaseUrl = process.env.DATABASE_URL || null;
const driver = databaseUrl
  ? await postgresDriver(databaseUrl, Number(process.env.DATABASE_POOL_SIZE ?? 10))
  : sqliteDriver(process.env.BENCH_SQLITE_FILE!);

const app = Fastify({ logger: false });
app.get('/constant', async () => ({ hello: 'world' }));
app.get<{ Params: { id: string } }>('/products/:id', async (request, reply) => {
  const row = await driver.readOne(request.params.id);
  return row ? { data: row } : reply.code(404).send({ message: 'not found' });
});
app.post('/writes', async (_request, reply) => {
  const id = ulid().toLowerCase();
  await driver.writeOne(id, new Date().toISOString());
  return reply.code(201).send({ data: { id } });
});
const answers = new Map<string, string>();
app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
app.put<{ Params: { name: string }; Body: string }>('/answers/:name', async (request, reply) => {
  answers.set(request.params.name, request.body);
  return reply.code(204).send();
});
app.get<{ Params: { name: string } }>('/answers/:name', async (request, reply) => {
  const answer = answers.get(request.params.name);
  return answer === undefined
    ? reply.code(404).send({ message: 'not found' })
    : reply.type('application/json; charset=utf-8').send(answer);
});
const replays = new Map<string, () => CapturedStatement[]>();
let seq = 0;
// Ten digits from 7000000000 up, so that they never meet the load generator's sequence numbers.
const renew = (old: string) => (old === SEQ_MARKER ? String(7_000_000_000 + seq++) : ulid().toLowerCase());
// A read's replay carries the load's own items: tens of thousands of ids.
app.put<{ Params: { name: string }; Body: string }>(
  '/replays/:name',
  { bodyLimit: 16 * 1024 * 1024 },
  async (request, reply) => {
    replays.set(request.params.name, renewedStatements(JSON.parse(request.body) as Replay, renew));
    return reply.code(204).send();
  },
);
app.post<{ Params: { name: string } }>('/replays/:name', async (request, reply) => {
  const statements = replays.get(request.params.name);
  if (!statements) return reply.code(404).send({ message: 'not found' });
  await driver.replay(statements());
  return reply.code(201).send({});
});
app.get<{ Params: { name: string } }>('/replays/:name', async (request, reply) => {
  const statements = replays.get(request.params.name);
  if (!statements) return reply.code(404).send({ message: 'not found' });
  return { data: await driver.read(statements()) };
});
app.addHook('onClose', () => driver.close());

for (const signal of ['SIGTERM', 'SIGINT'] as const)
  process.once(signal, () => void app.close().then(() => process.exit(0)));
await app.listen({ host: '127.0.0.1', port: Number(process.env.BENCH_PORT) });
