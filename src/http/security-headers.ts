// Security headers (helmet) on every response: API bodies, errors, probes, metrics, the OpenAPI document and
// the API reference page. Registered before authentication, so that a 401 thrown there carries them too.
import { createHash } from 'node:crypto';
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DOCS_PREFIX } from './api-reference.js';

type Directives = Record<string, string[]>;

/** The API answers JSON, files and metrics: nothing of ours needs to load anything in a browser, or be framed. */
const API_DIRECTIVES: Directives = {
  'default-src': ["'none'"],
  'frame-ancestors': ["'none'"],
};

/**
 * The API reference (Scalar) is a page: its bundle comes from its own route (`/docs/js/scalar.js`), it fetches
 * the OpenAPI document and lets the reader try requests against the API (this origin, or PUBLIC_URL's, the
 * document's `servers` entry), injects its own styles, and loads its typefaces from fonts.scalar.com. The
 * page's one inline script is allowed by its hash, added per response.
 */
function docsDirectives(publicUrl: string | null): Directives {
  const apiOrigin = publicUrl ? [new URL(publicUrl).origin] : [];
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:', 'https://fonts.scalar.com'],
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

function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(INLINE_SCRIPT)].map(([, body]) => `'sha256-${createHash('sha256').update(body ?? '').digest('base64')}'`);
}

function isDocsRoute(request: FastifyRequest): boolean {
  const url = request.routeOptions.url;
  return url === DOCS_PREFIX || (url?.startsWith(`${DOCS_PREFIX}/`) ?? false);
}

function isHtml(reply: FastifyReply): boolean {
  return String(reply.getHeader('content-type') ?? '').startsWith('text/html');
}

/** The reference page's policy, with the hashes of the inline scripts of the page being sent. */
function docsPolicy(directives: Directives, reply: FastifyReply, payload: unknown): string {
  const hashes = typeof payload === 'string' && isHtml(reply) ? inlineScriptHashes(payload) : [];
  return policyText({ ...directives, 'script-src': [...(directives['script-src'] ?? []), ...hashes] });
}

export async function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions): Promise<void> {
  const overHttps = options.publicUrl?.startsWith('https:') ?? false;
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: API_DIRECTIVES },
    xFrameOptions: { action: 'deny' },
    // A browser that saw HSTS over plain http would ignore it anyway; sent only when PUBLIC_URL is https.
    // Without includeSubDomains: the host of PUBLIC_URL may be a parent domain the service does not own.
    strictTransportSecurity: overHttps ? { maxAge: 31_536_000, includeSubDomains: false } : false,
  });

  // The reference page is the one response a browser renders; it gets its own policy.
  const docs = docsDirectives(options.publicUrl);
  app.addHook('onSend', async (request, reply, payload) => {
    if (isDocsRoute(request)) reply.header('content-security-policy', docsPolicy(docs, reply, payload));
    return payload;
  });
}
