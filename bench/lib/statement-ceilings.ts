// The ceiling of each write, and of each read that goes to the database every time: the SQL the app runs for one
// such request, captured once in-process, then replayed by the bare baseline server. A write's statements run in
// one transaction, each time with fresh ids and unique values: the work the database must do for the write as the
// app defines it (its rows, their indexes, its event and audit entry), with none of the app's own work around it.
// A read's statements run as they are and their rows are answered as JSON. No implementation doing the same
// database work can be faster on this stack, so the replay's ratio to its baseline, and its latency, bound the
// request's.
import { buildApp } from '../../src/app.js';
import type { Config } from '../../src/config.js';
import { createDatabase } from '../../src/db/database.js';
import { parameterFor } from '../../src/db/dialect.js';
import { newId } from '../../src/lib/ids.js';
import { fillTemplate } from './load.js';
import { SEQ_MARKER, type CapturedStatement, type Replay } from './replay.js';

export interface CapturedRequest {
  method: string;
  /** The app's path, `{{item}}` already filled in. */
  path: string;
  /** JSON with `{{seq}}` and `{{item}}` already filled in. */
  body: string | undefined;
  token: string;
  /**
   * Fields of the answer's `data` that must be new at each replay besides the ids the call generated: a number the
   * app issued from a sequence (an order's number), unique in its table.
   */
  freshAnswerFields?: readonly string[];
}

/**
 * Runs `request` once through an app on the bench database and returns the statements it ran, in order. A
 * write's effects stay (one more product, one more unit of stock): the scenarios that follow do not notice them.
 * The app is new, so a read is answered from the database, not from an answer kept in memory.
 */
export async function captureRequest(config: Config, request: CapturedRequest): Promise<Omit<Replay, 'items'>> {
  const statements: CapturedStatement[] = [];
  const fresh: string[] = [SEQ_MARKER];
  let capturing = false;
  // Kysely logs the parameters before the driver converts them (src/db/dialect.ts): converted here as there.
  const parameter = parameterFor(config.databaseUrl ? 'postgres' : 'sqlite');
  const database = createDatabase({
    databaseUrl: config.databaseUrl,
    sqliteFile: config.sqliteFile,
    log: (event) => {
      if (capturing && event.level === 'query')
        statements.push({ sql: event.query.sql, parameters: event.query.parameters.map(parameter) });
    },
  });
  const generate = () => {
    const id = newId();
    if (capturing) fresh.push(id);
    return id;
  };
  const app = await buildApp({ config, database, logger: false, newId: generate, ownsDatabase: true });
  const authorization = `Bearer ${request.token}`;
  try {
    // The server under load has the token in memory and its use recorded: so must the captured call.
    const warm = await app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: { authorization } });
    if (warm.statusCode !== 200)
      throw new Error(`capturing: GET /api/v1/auth/me answered ${warm.statusCode} ${warm.body}`);
    capturing = true;
    const response = await app.inject({
      method: request.method as 'POST',
      url: request.path,
      headers: { authorization, ...(request.body === undefined ? {} : { 'content-type': 'application/json' }) },
      payload: request.body,
    });
    capturing = false;
    if (response.statusCode >= 300)
      throw new Error(`capturing ${request.method} ${request.path}: ${response.statusCode} ${response.body}`);
    if (request.freshAnswerFields?.length) {
      const data = (JSON.parse(response.body) as { data: Record<string, unknown> }).data;
      for (const field of request.freshAnswerFields) {
        const value = data[field];
        if (typeof value !== 'string' || !/^[A-Za-z0-9-]+$/.test(value))
          throw new Error(`capturing ${request.method} ${request.path}: no plain ${field} in the answer`);
        fresh.push(value);
      }
    }
    return { statements, fresh };
  } finally {
    await app.close();
  }
}

/**
 * The scenario that replays `request`'s statements, with them captured and handed to the baseline server: `POST
 * /replays/:name` for a write (any method but GET), `GET` for a read.
 */
export async function statementCeiling(
  request: {
    name: string;
    method?: string;
    path: string;
    body?: unknown;
    replayItems?: ReadonlyArray<string | readonly string[]>;
    freshAnswerFields?: readonly string[];
  },
  context: { config: Config; token: string; baselineUrl: string },
): Promise<{ name: string; path: string; method: 'GET' | 'POST'; statements: number }> {
  // A group's first id is the one the request names.
  const first = request.replayItems?.[0];
  const fill = (text: string) => fillTemplate(text, typeof first === 'string' ? first : first?.[0], SEQ_MARKER);
  const method = request.method ?? 'GET';
  const captured = await captureRequest(context.config, {
    method,
    path: fill(request.path),
    body: request.body === undefined ? undefined : fill(JSON.stringify(request.body)),
    token: context.token,
    ...(request.freshAnswerFields ? { freshAnswerFields: request.freshAnswerFields } : {}),
  });
  const replay: Replay = {
    ...captured,
    items: (request.replayItems ?? []).map((item) => (typeof item === 'string' ? item : [...item])),
  };
  const name = encodeURIComponent(request.name);
  const stored = await fetch(`${context.baselineUrl}/replays/${name}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(replay),
  });
  if (!stored.ok) throw new Error(`the baseline server refused the replay of ${request.name}: ${stored.status}`);
  return {
    name: `ceiling: ${request.name} statements, no work`,
    path: `/replays/${name}`,
    method: method === 'GET' ? 'GET' : 'POST',
    statements: captured.statements.length,
  };
}
