// Fastify answers 404 for a known path with the wrong method. A shadow router of every route lets the
// not-found handler tell the two apart and answer 405 with `Allow`.
//
// A word the API uses as a static path segment (`export`, `statistics`, `bulk-delete`…) is never an id: a
// request that reaches a route only by putting such a word into a path parameter (`GET …/products/tree`
// matching `…/products/:id`) is answered as if no route matched it (405 with `Allow` when the path exists for
// another method, else 404 `Route not found.`), not with the record's "not found".
import FindMyWay, { type HTTPMethod } from 'find-my-way';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { GENERIC_CODES } from './error-codes.js';

const METHODS: HTTPMethod[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

export interface Routing {
  /**
   * The onRequest hook that answers a request whose path parameter holds one of the API's static words as
   * though no route matched. Register it after the hooks every response needs (request id, security headers)
   * and before authentication, as the not-found handler needs no credentials either.
   */
  refuseStaticWordsAsIds: onRequestAsyncHookHandler;
  /** Lets another part answer an unrouted request first (the console's page for a browser's navigation). */
  answerUnroutedWith(answer: (request: FastifyRequest, reply: FastifyReply) => FastifyReply | null): void;
}

export function registerNotFoundAndMethodNotAllowed(app: FastifyInstance): Routing {
  const shadow = FindMyWay({ ignoreTrailingSlash: true });
  const noop = () => undefined;
  /** Every static segment of every route's path. */
  const staticWords = new Set<string>();

  app.addHook('onRoute', (route) => {
    for (const segment of route.url.split('/')) {
      if (segment !== '' && !segment.startsWith(':') && !segment.includes('*')) staticWords.add(segment);
    }
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (METHODS.includes(method as HTTPMethod) && !shadow.hasRoute(method as HTTPMethod, route.url)) {
        shadow.on(method as HTTPMethod, route.url, noop);
      }
    }
  });

  /**
   * Named path parameters (not a wildcard's rest) that hold a static word. A parameter that the route declares
   * as one of a list of words (`/imports/templates/:type`) names no record, and may be any of them.
   */
  const bindsStaticWord = (params: Record<string, string | undefined>, schema?: unknown) => {
    const declared = (schema as { properties?: Record<string, { enum?: unknown }> } | undefined)?.properties ?? {};
    for (const name in params) {
      const value = params[name];
      if (name !== '*' && value !== undefined && staticWords.has(value) && declared[name]?.enum === undefined)
        return true;
    }
    return false;
  };

  function answerUnrouted(request: FastifyRequest, reply: FastifyReply): FastifyReply {
    const path = request.url.split('?')[0] ?? '/';
    const allowed = METHODS.filter((method) => {
      const found = shadow.find(method, path);
      return found !== null && !bindsStaticWord(found.params);
    });
    if (allowed.length > 0) {
      return reply
        .code(405)
        .header('Allow', allowed.join(', '))
        .send({
          success: false,
          message: `The ${request.method} method is not supported for this route. Supported methods: ${allowed.join(', ')}.`,
          code: GENERIC_CODES[405],
        });
    }
    return reply
      .code(404)
      .send({ success: false, message: 'Route not found.', code: GENERIC_CODES[404], data: null, meta: {} });
  }

  let answerFirst: ((request: FastifyRequest, reply: FastifyReply) => FastifyReply | null) | null = null;
  app.setNotFoundHandler((request, reply) => answerFirst?.(request, reply) ?? answerUnrouted(request, reply));

  return {
    refuseStaticWordsAsIds: async (request, reply) => {
      // An unrouted request has no named parameters (the not-found route's only one is its wildcard).
      if (!bindsStaticWord(request.params as Record<string, string | undefined>, request.routeOptions.schema?.params))
        return;
      return answerUnrouted(request, reply);
    },
    answerUnroutedWith(answer) {
      answerFirst = answer;
    },
  };
}
