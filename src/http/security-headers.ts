// Security headers on every response (API bodies, errors, probes, metrics, the OpenAPI document, the console and
// the API reference) through helmet. Registered before authentication, so that a 401 thrown there carries them
// too. helmet's middleware is built once per policy and called from one hook: @fastify/helmet builds it again for
// every request (27 µs a request against 0.7 for a built one, measured on this project's busy test machine).
//
// The reference page's policy is finished here, per response, because it names the hash of the page's inline
// script, which exists only once the page's body does.
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, onSendHookHandler, RouteOptions } from 'fastify';
import helmet from 'helmet';
import { DOCS_PREFIX } from './api-reference.js';
import { withRouteHook } from './route-hooks.js';

export type Directives = Record<string, string[]>;

/** The API answers JSON, files and metrics: nothing of ours needs to load anything in a browser, or be framed. */
const API_DIRECTIVES: Directives = {
  'default-src': ["'none'"],
  'frame-ancestors': ["'none'"],
};

/**
 * The API reference (Scalar) is a page: its bundle comes from its own route (`/docs/js/scalar.js`), it fetches
 * the OpenAPI document and lets the reader try requests against the API (this origin, or PUBLIC_URL's, the
 * document's `servers` entry) and injects its own styles. It loads nothing from another origin: it is configured
 * to use the system's typefaces, not the vendor's font host. The page's one inline script is allowed by its hash,
 * added per response.
 */
function docsDirectives(publicUrl: string | null): Directives {
  const apiOrigin = publicUrl ? [new URL(publicUrl).origin] : [];
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...apiOrigin],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi;

export interface SecurityHeaderOptions {
  /** PUBLIC_URL: HSTS is sent only when clients reach the service over https. */
  publicUrl: string | null;
}

/** Sets its headers on a response; built once, called for every response it applies to. */
type HeaderSetter = (request: IncomingMessage, response: ServerResponse, next: (error?: unknown) => void) => void;

const proceed = () => undefined;

/**
 * A page's own content security policy, in place of the API's, the other headers unchanged. Only `directives`
 * apply: none of helmet's defaults is added to them. Build it once; `apply` it to each page answered.
 */
export function pagePolicy(directives: Directives): { apply(reply: FastifyReply): void } {
  const setPolicy: HeaderSetter = helmet.contentSecurityPolicy({ useDefaults: false, directives });
  return { apply: (reply) => setPolicy(reply.request.raw, reply.raw, proceed) };
}

function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(INLINE_SCRIPT)].map(
    ([, body]) =>
      `'sha256-${createHash('sha256')
        .update(body ?? '')
        .digest('base64')}'`,
  );
}

function isDocsRoute(route: RouteOptions): boolean {
  return route.url === DOCS_PREFIX || route.url.startsWith(`${DOCS_PREFIX}/`);
}

function isHtml(reply: FastifyReply): boolean {
  return String(reply.getHeader('content-type') ?? '').startsWith('text/html');
}

export async function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions): Promise<void> {
  const overHttps = options.publicUrl?.startsWith('https:') ?? false;
  const setHeaders: HeaderSetter = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: API_DIRECTIVES },
    xFrameOptions: { action: 'deny' },
    // A browser that saw HSTS over plain http would ignore it anyway; sent only when PUBLIC_URL is https.
    // Without includeSubDomains: the host of PUBLIC_URL may be a parent domain the service does not own.
    strictTransportSecurity: overHttps ? { maxAge: 31_536_000, includeSubDomains: false } : false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    setHeaders(request.raw, reply.raw, proceed);
    done();
  });

  // The reference page is the one response of /docs a browser renders; its routes get their own policy, and the
  // page the hashes of the inline scripts it is sent with.
  const docs = docsDirectives(options.publicUrl);
  const setDocsPolicy: onSendHookHandler = (_request, reply, payload, done) => {
    const hashes = typeof payload === 'string' && isHtml(reply) ? inlineScriptHashes(payload) : [];
    // Built per answer: its hashes are known only now, and the reference page is read by people, not by load.
    pagePolicy({ ...docs, 'script-src': [...(docs['script-src'] ?? []), ...hashes] }).apply(reply);
    done(null, payload);
  };
  app.addHook('onRoute', (route) => {
    if (isDocsRoute(route)) route.onSend = withRouteHook(route.onSend, setDocsPolicy);
  });
}
