// The API reference page (Scalar) under /docs, loaded with its first request. Scalar's Fastify plugin holds
// its 4 MB browser bundle as a string and imports an OpenAPI parser: about 36 MB of resident memory that a
// server whose docs nobody opens never needs. The plugin registers its routes when it is registered, which
// the app cannot do after start, so it runs in a small Fastify instance of its own, built on first use;
// /docs and /docs/* hand their requests to it.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import Fastify from 'fastify';

export const DOCS_PREFIX = '/docs';

/** Headers the outer reply sets itself for the body it sends. */
const OWN_HEADERS = new Set(['content-length', 'transfer-encoding', 'connection', 'keep-alive', 'date']);

export function registerApiReference(app: FastifyInstance, openApiUrl: string): void {
  let reference: Promise<FastifyInstance> | null = null;
  const load = async () => {
    const { default: scalarApiReference } = await import('@scalar/fastify-api-reference');
    const inner = Fastify({ logger: false });
    await inner.register(scalarApiReference, {
      routePrefix: DOCS_PREFIX,
      configuration: {
        url: openApiUrl,
        pageTitle: 'Quartermaster API reference',
        // Only this server's assets and the reference itself: the system's typefaces instead of the vendor's
        // font host, and none of the vendor's own offers (its AI agent, MCP, developer tools, hosted client).
        withDefaultFonts: false,
        // No icon of its own: the browser would ask this server for /favicon.ico, which it does not have.
        favicon: 'data:,',
        hideClientButton: true,
        showDeveloperTools: 'never',
        agent: { disabled: true },
        mcp: { disabled: true },
        telemetry: false,
      },
    });
    await inner.ready();
    return inner;
  };

  const forward = async (request: FastifyRequest, reply: FastifyReply) => {
    reference ??= load().catch((error: unknown) => {
      reference = null; // a failed load is tried again by the next request
      throw error;
    });
    const answer = await (
      await reference
    ).inject({ method: request.method as 'GET' | 'HEAD', url: request.url, headers: request.headers });
    reply.code(answer.statusCode);
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value !== undefined && !OWN_HEADERS.has(name)) reply.header(name, value);
    }
    // Text as text, so that the security headers can hash the page's inline script.
    return reply.send(
      String(answer.headers['content-type'] ?? '').startsWith('text/') ? answer.payload : answer.rawPayload,
    );
  };

  const route = { schema: { hide: true }, config: { auth: 'none' as const } };
  app.get(DOCS_PREFIX, route, forward);
  app.get(`${DOCS_PREFIX}/*`, route, forward);
}
