// Holds every write route of a test app to its audit declaration (src/http/audit-declaration.ts) as the suites run:
// a success of a route declared `recorded` must have written an audit entry in its own request, and one of a
// route declared exempt none. buildTestApp installs it on every app, so the whole suite checks the declarations
// of every route it calls, and the app's close() fails with the routes that broke theirs.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../../src/db/database.js';
import type { AuditDeclaration } from '../../src/http/audit-declaration.js';

const API_PREFIX = '/api/v1/';
export const WRITE_METHODS: readonly string[] = ['POST', 'PUT', 'PATCH', 'DELETE'];

/** How often a write route succeeded, and how many of those successes wrote an audit entry. */
export interface AuditSighting {
  successes: number;
  recorded: number;
}

export interface AuditWatch {
  /** By `METHOD /url/:param`, as the route table names routes. */
  readonly sightings: ReadonlyMap<string, AuditSighting>;
  /** One line per success that broke its route's declaration. */
  readonly breaches: readonly string[];
}

/** A replayed answer (Idempotency-Key) did its work, and wrote its entry, in the request it replays. */
const REPLAYED = 'idempotent-replayed';

/** What a success broke of its route's declaration, or null when it kept it. */
function breachOf(declared: AuditDeclaration | undefined, wrote: boolean): string | null {
  if (declared === undefined) return 'declares nothing about the audit log';
  if (declared === 'recorded' && !wrote) return "wrote no audit entry, though declared 'recorded'";
  if (typeof declared === 'object' && wrote) return `wrote an audit entry, though declared exempt (${declared.exempt})`;
  return null;
}

/** Call before the app is ready. */
export function watchAuditDeclarations(app: FastifyInstance, db: Db): AuditWatch {
  const sightings = new Map<string, AuditSighting>();
  const breaches: string[] = [];
  // A request id may be the caller's own X-Request-Id, sent again on a later request: count from where it stood.
  const earlier = new WeakMap<FastifyRequest, number>();

  const isWrite = (request: FastifyRequest) =>
    WRITE_METHODS.includes(request.method) && request.routeOptions.url?.startsWith(API_PREFIX) === true;
  /** How many entries the request wrote so far; undefined when the database cannot tell (a test that broke it). */
  const entriesOf = async (requestId: string) => {
    try {
      const row = await db
        .selectFrom('audit_log')
        .select((eb) => eb.fn.countAll<number | string>().as('entries'))
        .where('request_id', '=', requestId)
        .executeTakeFirstOrThrow();
      return Number(row.entries);
    } catch {
      return undefined;
    }
  };

  app.addHook('onRequest', async (request) => {
    if (isWrite(request) && request.headers['x-request-id'] !== undefined)
      earlier.set(request, (await entriesOf(request.id)) ?? 0);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const status = reply.statusCode;
    if (!isWrite(request) || status < 200 || status > 299 || reply.getHeader(REPLAYED) !== undefined) return payload;
    const entries = await entriesOf(request.id);
    if (entries === undefined) return payload;
    const route = `${request.method} ${request.routeOptions.url}`;
    const wrote = entries - (earlier.get(request) ?? 0) > 0;
    const sighting = sightings.get(route) ?? { successes: 0, recorded: 0 };
    sighting.successes++;
    if (wrote) sighting.recorded++;
    sightings.set(route, sighting);

    const breach = breachOf(request.routeOptions.config.audit, wrote);
    if (breach) breaches.push(`${route} answered ${status} and ${breach} [${expect.getState().currentTestName}]`);
    return payload;
  });
  return { sightings, breaches };
}

/** The error close() throws when routes broke their declarations. */
export function auditBreachError(watch: AuditWatch): Error | null {
  if (watch.breaches.length === 0) return null;
  return new Error(
    `Audit declarations not kept (src/http/audit-declaration.ts):\n${[...new Set(watch.breaches)].join('\n')}`,
  );
}
