// Every query string and path parameter of the real app's GET routes, fuzzed: out-of-bounds numbers,
// repeated names, broken percent-encodings, NUL, very long text, prototype keys. The answer is a 2xx or a
// documented 4xx, never a 500, and reading never writes; a name the route does not declare is a 422 naming it.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PAGE } from '../../src/core/pagination.js';
import type { SessionClient } from '../helpers/session-client.js';
import { buildTestApp } from '../helpers/test-app.js';
import {
  configureFuzzing,
  DatabaseWatch,
  expectDocumentedRefusal,
  expectPrototypeUntouched,
  fillPath,
  isSuccess,
  needsSession,
  prepareFuzzing,
  pathSegment,
  prototypeSnapshot,
  publicResolver,
  queryParts,
  queryText,
  readRoutes,
  ROUTER_REFUSED_SEGMENTS,
  routeName,
  sessionHeaders,
  type FuzzFixtures,
  type OpenApiDocument,
  type RouteSpec,
} from './fuzz-helpers.js';

const QUERY_RUNS = 25;
const PATH_RUNS = 10;
configureFuzzing(QUERY_RUNS);

const prototypeBefore = prototypeSnapshot();
// Rate limiting off: thousands of requests from one token are the point here.
const t = await buildTestApp({
  webhookResolver: publicResolver,
  config: { rateLimit: { max: 0, windowMs: 60_000, redisUrl: null } },
});
const reads = readRoutes(t.app.swagger() as unknown as OpenApiDocument).filter((r) => r.method === 'GET');
const withQuery = reads.filter((r) => r.query.length > 0);
const withPathParams = reads.filter((r) => r.pathParams.length > 0);
const lists = reads.filter((r) => r.query.some((q) => q.name === 'page'));

let fixtures: FuzzFixtures;
let session: SessionClient;

beforeAll(async () => {
  ({ fixtures, session } = await prepareFuzzing(t));
});

afterAll(async () => {
  expectPrototypeUntouched(prototypeBefore);
  await t.close();
});

const watch = new DatabaseWatch(t.database.db);

/** GETs the URL and checks the answer, and that the database is as it was; answers the response. */
async function readAndCheck(route: RouteSpec, url: string) {
  const before = await watch.snapshot();
  const res = await t.app.inject({
    method: 'GET',
    url,
    headers: needsSession(route.path) ? sessionHeaders(session) : t.auth,
  });
  const context = `${routeName(route)} as ${url.slice(0, 300)}`;
  if (!isSuccess(res.statusCode)) expectDocumentedRefusal(res, context);
  await watch.expectUnchanged(before, `${context}\nanswered ${res.statusCode}`);
  return { res, context };
}

describe.each(withQuery.map((route) => ({ name: routeName(route), route })))('query of $name', ({ route }) => {
  const declared = new Set(route.query.map((q) => q.name));

  // The odd names among the parts are parameters no route declares: a 422 naming each one (docs/errors.md,
  // Unknown input), whatever the declared ones hold.
  it('answers a 2xx or a documented 4xx for any query string, 422 naming any unknown parameter, and writes nothing', async () => {
    const path = fillPath(route.path, fixtures.pathIds(route.path));
    await fc.assert(
      fc.asyncProperty(queryParts(route.query), async (parts) => {
        const { res, context } = await readAndCheck(route, `${path}?${queryText(parts)}`);
        const unknown = [...new Set(parts.filter((p) => !declared.has(p.name)).map((p) => decodeURIComponent(p.name)))];
        if (unknown.length === 0) return;
        expect(res.statusCode, context).toBe(422);
        const body = res.json() as { code: string; errors: Record<string, string[]> };
        expect(body.code, context).toBe('validation_failed');
        expect(Object.keys(body.errors).sort(), context).toEqual(unknown.sort());
        for (const name of unknown) expect(body.errors[name], context).toEqual(['Unknown parameter.']);
      }),
    );
  });
});

describe.each(withPathParams.map((route) => ({ name: routeName(route), route })))('path of $name', ({ route }) => {
  it('answers a documented 4xx (or the record) for any path parameter, and writes nothing', async () => {
    const real = fixtures.pathIds(route.path);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...route.pathParams), pathSegment, async (param, segment) => {
        await readAndCheck(route, fillPath(route.path, { ...real, [param]: segment }));
      }),
      { numRuns: PATH_RUNS },
    );
  });
});

describe('a path segment that the router refuses', () => {
  // Fastify's router answers these itself (FST_ERR_BAD_URL 400, FST_ERR_MAX_PARAM_LENGTH 414), before the
  // error handler runs; the app's `frameworkErrors` option gives them the documented body.
  for (const segment of ROUTER_REFUSED_SEGMENTS) {
    it(`is refused with the documented body: ${segment.slice(0, 20)}`, async () => {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/operations/products/${segment}`, headers: t.auth });
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json()).toEqual({
        success: false,
        message: expect.any(String),
        code: expect.stringMatching(/^(bad_request|uri_too_long)$/),
      });
    });
  }
});

describe('the page number of every list', () => {
  it('is found on every list endpoint', () => {
    expect(lists.length).toBeGreaterThanOrEqual(15);
  });

  // One bound shared by every list (http/pagination.ts): past it, a 422 naming `page`, never the
  // database's overflow as a 500.
  describe.each(lists.map((route) => ({ name: routeName(route), route })))('$name', ({ route }) => {
    const get = (page: string) => {
      const url = `${fillPath(route.path, fixtures.pathIds(route.path))}?page=${page}`;
      return t.app.inject({ method: 'GET', url, headers: needsSession(route.path) ? sessionHeaders(session) : t.auth });
    };

    it.each(['99999999999999999999', '1e30', String(MAX_PAGE + 1)])(
      'refuses page=%s with 422 on page',
      async (page) => {
        const res = await get(page);
        expect(res.statusCode, res.body).toBe(422);
        expect(res.json()).toEqual({
          success: false,
          code: 'validation_failed',
          message: 'The given data was invalid.',
          errors: { page: [`The page field must not be greater than ${MAX_PAGE}.`] },
        });
      },
    );

    it('answers the last allowed page with an empty list', async () => {
      const res = await get(String(MAX_PAGE));
      expect(res.statusCode, res.body).toBe(200);
      expect((res.json() as { data: unknown[] }).data).toEqual([]);
    });
  });
});
