// Fastify answers 404 for a known path with the wrong method. A shadow router of every route lets the
// not-found handler tell the two apart and answer 405 with `Allow`.
import FindMyWay, { type HTTPMethod } from 'find-my-way';
import type { FastifyInstance } from 'fastify';

const METHODS: HTTPMethod[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

export function registerNotFoundAndMethodNotAllowed(app: FastifyInstance): void {
  const shadow = FindMyWay({ ignoreTrailingSlash: true });
  const noop = () => undefined;

  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (METHODS.includes(method as HTTPMethod) && !shadow.hasRoute(method as HTTPMethod, route.url)) {
        shadow.on(method as HTTPMethod, route.url, noop);
      }
    }
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const allowed = METHODS.filter((method) => shadow.find(method, path) !== null);
    if (allowed.length > 0) {
      return reply
        .code(405)
        .header('Allow', allowed.join(', '))
        .send({ success: false, message: `The ${request.method} method is not supported for this route. Supported methods: ${allowed.join(', ')}.` });
    }
    return reply.code(404).send({ success: false, message: 'Route not found.', data: null, meta: {} });
  });
}
