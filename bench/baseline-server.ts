// The baselines: bare Fastify, no hooks, no plugins, no validation, on the bench database through the app's
// drivers. GET /constant answers a constant JSON; GET /products/:id reads one row by primary key; POST
// /writes inserts one row. PUT /answers/:name keeps a body that GET /answers/:name then answers as it is: the
// app's own answers served with no work at all, the most this stack can do for answers of that size. Run by the harness as its own process: BENCH_PORT, and DATABASE_URL for
// PostgreSQL or BENCH_SQLITE_FILE for SQLite.
import BetterSqlite3 from 'better-sqlite3';
import Fastify from 'fastify';
import pg from 'pg';
import { ulid } from 'ulid';

interface Driver {
  readOne(id: string): Promise<unknown>;
  writeOne(id: string, at: string): Promise<void>;
  close(): Promise<void>;
}

const CREATE_WRITES = 'create table if not exists bench_writes (id text primary key, note text not null, created_at text not null)';

function sqliteDriver(file: string): Driver {
  // The app's connection settings (src/db/database.ts).
  const sqlite = new BetterSqlite3(file, { timeout: 5000 });
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.exec(CREATE_WRITES);
  const read = sqlite.prepare('select * from products where id = ?');
  const write = sqlite.prepare('insert into bench_writes (id, note, created_at) values (?, ?, ?)');
  return {
    readOne: async (id) => read.get(id),
    writeOne: async (id, at) => {
      write.run(id, 'baseline', at);
    },
    close: async () => {
      sqlite.close();
    },
  };
}

async function postgresDriver(url: string, poolSize: number): Promise<Driver> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  await pool.query(CREATE_WRITES);
  return {
    readOne: async (id) => (await pool.query({ name: 'read-one', text: 'select * from products where id = $1', values: [id] })).rows[0],
    writeOne: async (id, at) => {
      await pool.query({ name: 'write-one', text: 'insert into bench_writes (id, note, created_at) values ($1, $2, $3)', values: [id, 'baseline', at] });
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
  return answer === undefined ? reply.code(404).send({ message: 'not found' }) : reply.type('application/json; charset=utf-8').send(answer);
});
app.addHook('onClose', () => driver.close());

for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => void app.close().then(() => process.exit(0)));
await app.listen({ host: '127.0.0.1', port: Number(process.env.BENCH_PORT) });
