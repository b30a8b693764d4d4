// Lists the SQL one request runs, with the time of each: `npx tsx bench/trace-queries.ts <data dir> <token>
// <method> <path> [json body]` on a database the harness kept (`npm run bench -- --keep-database`).
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { createDatabase } from '../src/db/database.js';

const [dataDir, token, method = 'GET', url = '/health', body] = process.argv.slice(2);
const config = loadConfig({
  DATA_DIR: dataDir,
  DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
  LOG_LEVEL: 'silent',
  RATE_LIMIT_PER_MINUTE: '1000000',
  // Every call reads the database: a kept answer would hide the statements this lists.
  ANSWER_CACHE_MB: '0',
});
const statements: string[] = [];
const database = createDatabase({
  databaseUrl: config.databaseUrl,
  sqliteFile: config.sqliteFile,
  log: (event) => {
    statements.push(
      `${event.queryDurationMillis.toFixed(2)} ms  ${event.query.sql.replace(/\s+/g, ' ').slice(0, 300)}`,
    );
  },
});
const app = await buildApp({ config, database, logger: false });
const request = () =>
  app.inject({
    method: method as 'GET',
    url,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    payload: body,
  });
// Warm: JIT, caches and prepared statements, as in a server that has been up for a while.
const rounds = Number(process.env.TRACE_ROUNDS ?? 500);
const times: number[] = [];
for (let i = 0; i < rounds; i++) {
  const t = performance.now();
  await request();
  times.push(performance.now() - t);
}
const late = times.slice(rounds / 2).sort((a, b) => a - b);
const perRequest = late[Math.floor(late.length / 2)]!;
console.log(
  `second half: p50 ${perRequest.toFixed(3)} ms, p90 ${late[Math.floor(late.length * 0.9)]!.toFixed(3)} ms, max ${late.at(-1)!.toFixed(1)} ms`,
);
statements.length = 0;
const started = performance.now();
const response = await request();
if (response.statusCode >= 400) console.log(response.body);
console.log(
  `${response.statusCode}; traced one: ${(performance.now() - started).toFixed(2)} ms, ${statements.length} statements`,
);
for (const line of statements) console.log(line);
await app.close();
