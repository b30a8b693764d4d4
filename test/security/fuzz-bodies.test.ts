// Every JSON body schema of the real app, fuzzed: junk payloads and valid bodies with one field made
// wrong or pushed to its bound. A request is either valid (2xx) or refused with a documented 4xx body,
// never a 500, and a refused request leaves the database as it was.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { SessionClient } from '../helpers/session-client.js';
import { buildTestApp } from '../helpers/test-app.js';
import {
  configureFuzzing,
  DatabaseWatch,
  expectDocumentedRefusal,
  expectPrototypeUntouched,
  fillPath,
  isSuccess,
  junkPayload,
  prepareFuzzing,
  mutationsOf,
  mutationText,
  needsSession,
  prototypeSnapshot,
  publicResolver,
  readRoutes,
  routeName,
  sessionHeaders,
  validExample,
  type FuzzFixtures,
  type JsonSchema,
  type OpenApiDocument,
  type RouteSpec,
} from './fuzz-helpers.js';

const JUNK_RUNS = 10;
const MUTATION_RUNS = 20;
configureFuzzing(MUTATION_RUNS);

const prototypeBefore = prototypeSnapshot();
// Rate limiting off: thousands of requests from one token are the point here.
const t = await buildTestApp({
  webhookResolver: publicResolver,
  config: { rateLimit: { max: 0, windowMs: 60_000, redisUrl: null } },
});
const routes = readRoutes(t.app.swagger() as unknown as OpenApiDocument).filter(
  (r): r is RouteSpec & { body: JsonSchema } => r.body !== undefined,
);

const isSignIn = (route: RouteSpec) => route.path.startsWith('/api/v1/auth/');
/** A failed sign-in is recorded for throttling whatever the answer; no other refusal may write. */
const loggedEvenWhenRefused = (route: RouteSpec) => (isSignIn(route) ? ['login_attempts'] : []);
/** Sign-in answers wrong credentials and a challenge with no sign-in waiting 401, and throttles with 429, as documented. */
const signInRefusals = (route: RouteSpec) => (isSignIn(route) ? [401, 429] : []);

let fixtures: FuzzFixtures;
let session: SessionClient;

function credentialsFor(route: RouteSpec): Record<string, string> {
  return needsSession(route.path) ? sessionHeaders(session) : t.auth;
}

beforeAll(async () => {
  ({ fixtures, session } = await prepareFuzzing(t));
});

afterAll(async () => {
  expectPrototypeUntouched(prototypeBefore);
  await t.close();
});

const watch = new DatabaseWatch(t.database.db);

/** Sends the text as the body and checks the answer and, when refused, that nothing was written. */
async function sendAndCheck(route: RouteSpec, text: string, contentType: string, label: string): Promise<void> {
  const ignored = loggedEvenWhenRefused(route);
  const before = await watch.snapshot(ignored);
  const res = await t.app.inject({
    method: route.method,
    url: fillPath(route.path, fixtures.pathIds(route.path)),
    headers: { ...credentialsFor(route), 'content-type': contentType },
    payload: text,
  });
  if (isSuccess(res.statusCode)) return watch.forget();
  const context = `${routeName(route)} with ${label}: ${text.slice(0, 300)}`;
  expectDocumentedRefusal(res, context, signInRefusals(route));
  await watch.expectUnchanged(before, `${context}\nanswered ${res.statusCode}`, ignored);
}

describe.each(routes.map((route) => ({ name: routeName(route), route })))('$name', ({ route }) => {
  it('refuses junk bodies with a documented 4xx and writes nothing', async () => {
    const base = JSON.stringify(validExample(route.body, fixtures.fields));
    await fc.assert(
      fc.asyncProperty(junkPayload(base, t.config.bodyLimitBytes), (junk) =>
        sendAndCheck(route, junk.text, junk.contentType, junk.label),
      ),
      { numRuns: JUNK_RUNS },
    );
  });

  it('refuses a body with one wrong or out-of-bounds field, and writes nothing', async () => {
    const base = validExample(route.body, fixtures.fields);
    const mutations = mutationsOf(route.body, base, fixtures.fields);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...mutations), (mutation) =>
        sendAndCheck(route, mutationText(mutation.value), 'application/json', mutation.label),
      ),
    );
  });
});
