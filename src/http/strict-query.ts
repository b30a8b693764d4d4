// Unknown query parameters are refused: a typo in a filter (`?sku=DRL-18V` on a list that filters by `search`)
// would otherwise answer every record as if it had matched. The route's querystring schema is the list of
// what it reads: a name among its `properties`, or matching one of its `patternProperties` (the product list's
// `attributes[<code>]`), is known; anything else, on a route without a query schema too, is a 422 naming it.
// Parameters a schema gains later are known by the same token, with no list to keep here.
import type { FastifyInstance, preValidationHookHandler } from 'fastify';
import { ValidationError } from '../core/errors.js';
import { withFirstRouteHook } from './route-hooks.js';

export const UNKNOWN_PARAMETER = 'Unknown parameter.';

interface QuerySchema {
  properties?: Record<string, unknown>;
  patternProperties?: Record<string, unknown>;
}

interface KnownNames {
  names: ReadonlySet<string>;
  patterns: readonly RegExp[];
}

const NONE: KnownNames = { names: new Set(), patterns: [] };
const known = new WeakMap<object, KnownNames>();

function knownNamesOf(schema: unknown): KnownNames {
  if (schema === null || typeof schema !== 'object') return NONE;
  let names = known.get(schema);
  if (!names) {
    const { properties, patternProperties } = schema as QuerySchema;
    names = {
      names: new Set(Object.keys(properties ?? {})),
      patterns: Object.keys(patternProperties ?? {}).map((pattern) => new RegExp(pattern, 'u')),
    };
    known.set(schema, names);
  }
  return names;
}

/** The query's parameters that the schema does not read, in the order they came. */
export function unknownParameters(query: unknown, schema: unknown): string[] {
  if (query === null || typeof query !== 'object') return [];
  const { names, patterns } = knownNamesOf(schema);
  return Object.keys(query).filter((name) => !names.has(name) && !patterns.some((pattern) => pattern.test(name)));
}

export interface StrictQueryOptions {
  apiPrefix: string;
}

/** Refuses the request when its query has parameters the route's querystring schema does not read. */
const refuseUnknownParameters: preValidationHookHandler = (request, _reply, done) => {
  const unknown = unknownParameters(request.query, request.routeOptions.schema?.querystring);
  // Built by entries: a parameter named `__proto__` is a key like any other, never the prototype.
  if (unknown.length > 0)
    done(new ValidationError(Object.fromEntries(unknown.map((name) => [name, [UNKNOWN_PARAMETER]]))));
  else done();
};

/**
 * Refuses unknown query parameters on every operation of the API (the routes under the prefix that the
 * OpenAPI document lists), after authentication and before validation, with the route's own first
 * preValidation hooks (ahead of the rate limit's). The 422 names each unknown parameter:
 * `{"errors": {"sku": ["Unknown parameter."]}}`.
 */
export function registerStrictQuery(app: FastifyInstance, { apiPrefix }: StrictQueryOptions): void {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(`${apiPrefix}/`) || route.schema?.hide === true) return;
    route.preValidation = withFirstRouteHook(route.preValidation, refuseUnknownParameters);
  });
}
