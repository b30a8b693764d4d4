// Security headers on every response: API bodies, errors, probes, metrics, the OpenAPI document and the API
// reference page. Registered before authentication, so that a 401 thrown there carries them too.
//
// The set is helmet's (the headers its defaults send, with our policy, frame denial and HSTS choice), written
// out once at start: every response gets the same headers, so there is nothing to work out per request, where
// helmet's middleware rebuilt its whole chain (policy parsing included) for each one.
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, onRequestHookHandler, onSendHookHandler, RouteOptions } from 'fastify';
import { DOCS_PREFIX } from './api-reference.js';
import { withRouteHook } from './route-hooks.js';

type Directives = Record<string, string[]>;

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

function policyText(directives: Directives): string {
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join(';');
}

/** The headers of every response, as helmet 8 sends them by default with our choices. */
function securityHeaders(options: SecurityHeaderOptions): Record<string, string> {
  const overHttps = options.publicUrl?.startsWith('https:') ?? false;
  return {
    'content-security-policy': policyText(API_DIRECTIVES),
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'no-referrer',
    // A browser that saw HSTS over plain http would ignore it anyway; sent only when PUBLIC_URL is https.
    // Without includeSubDomains: the host of PUBLIC_URL may be a parent domain the service does not own.
    ...(overHttps ? { 'strict-transport-security': 'max-age=31536000' } : {}),
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'DENY',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };
}

function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(INLINE_SCRIPT)].map(([, body]) => `'sha256-${createHash('sha256').update(body ?? '').digest('base64')}'`);
}

function isDocsRoute(route: RouteOptions): boolean {
  return route.url === DOCS_PREFIX || route.url.startsWith(`${DOCS_PREFIX}/`);
}

function isHtml(reply: FastifyReply): boolean {
  return String(reply.getHeader('content-type') ?? '').startsWith('text/html');
}

/** The reference page's policy, with the hashes of the inline scripts of the page being sent. */
function docsPolicy(directives: Directives, reply: FastifyReply, payload: unknown): string {
  const hashes = typeof payload === 'string' && isHtml(reply) ? inlineScriptHashes(payload) : [];
  return policyText({ ...directives, 'script-src': [...(directives['script-src'] ?? []), ...hashes] });
}

export function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions): void {
  const headers = securityHeaders(options);
  const setSecurityHeaders: onRequestHookHandler = (_request, reply, done) => {
    reply.headers(headers);
    done();
  };
  app.addHook('onRequest', setSecurityHeaders);

  // The reference page is the one response a browser renders; it gets its own policy, on its routes only.
  const docs = docsDirectives(options.publicUrl);
  const setDocsPolicy: onSendHookHandler = (_request, reply, payload, done) => {
    reply.header('content-security-policy', docsPolicy(docs, reply, payload));
    done(null, payload);
  };
  app.addHook('onRoute', (route) => {
    if (isDocsRoute(route)) route.onSend = withRouteHook(route.onSend, setDocsPolicy);
  });
}
