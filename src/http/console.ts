// The operator console: the single-page app that `npm run build` builds from console/ into dist/console. Its
// hashed files are served under /assets (cached for a year: a new build has new names), its page at `/`, and a
// browser's navigation to any other path outside the API (a bookmarked /products/…) gets the same page, whose
// router draws the screen or its own "not found". API clients keep their JSON 404: the fallback answers only
// GET requests that accept HTML.
// Every file of the build that is worth it has a brotli and a gzip copy beside it (console/precompress.ts): a
// browser that accepts one is sent it, with `Vary: Accept-Encoding`, and the server compresses nothing itself.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { pagePolicy, type Directives } from './security-headers.js';

/** The console's page and the prefix of its hashed files. */
export const CONSOLE_PAGE = '/';
export const CONSOLE_ASSETS_PREFIX = '/assets/';

/** dist/console at the repository's root: the same path from src/http (tests) and from dist/http (the server). */
export const CONSOLE_DIRECTORY = fileURLToPath(new URL('../../dist/console/', import.meta.url));

/**
 * The console's own policy: everything from this origin; inline styles because the component library sets its
 * theme's CSS variables in a style element; images from data: and blob: URLs (the two-factor QR code, previews).
 */
export const CONSOLE_DIRECTIVES: Directives = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

const NOT_BUILT_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Quartermaster</title></head>
<body><h1>The console has not been built</h1><p>Run <code>npm run build</code> (or <code>npm start</code>, which builds first), then reload this page. The API is at <code>/api/v1</code>.</p></body></html>`;

export interface ConsoleOptions {
  directory?: string;
  /** Paths that are never the console's (the API, its reference, probes): their unknown routes stay JSON 404s. */
  reservedPrefixes: readonly string[];
}

export interface ConsolePages {
  /** Answers a browser's navigation with the console's page; null when the request is not one. */
  answerNavigation(request: FastifyRequest, reply: FastifyReply): FastifyReply | null;
}

function wantsPage(request: FastifyRequest, reservedPrefixes: readonly string[]): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = request.url.split('?')[0] ?? '/';
  if (reservedPrefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))) return false;
  return String(request.headers.accept ?? '').includes('text/html');
}

export async function registerConsole(app: FastifyInstance, options: ConsoleOptions): Promise<ConsolePages> {
  const directory = options.directory ?? CONSOLE_DIRECTORY;
  const built = fs.existsSync(`${directory}/index.html`);

  const consolePolicy = pagePolicy(CONSOLE_DIRECTIVES);
  const sendPage = (reply: FastifyReply) => {
    consolePolicy.apply(reply);
    reply.header('cache-control', 'no-cache');
    if (!built) return reply.code(404).type('text/html; charset=utf-8').send(NOT_BUILT_PAGE);
    return reply.sendFile('index.html', directory, { cacheControl: false });
  };

  if (built) {
    // Also decorates reply.sendFile, which answers the page from the directory above.
    await app.register(fastifyStatic, {
      root: `${directory}/assets`,
      prefix: CONSOLE_ASSETS_PREFIX,
      wildcard: false,
      immutable: true,
      maxAge: '365d',
      index: false,
      preCompressed: true,
      // The copies are sent in place of their file, never asked for by name.
      globIgnore: ['**/*.br', '**/*.gz'],
    });
  }
  app.get(CONSOLE_PAGE, { schema: { hide: true }, config: { auth: 'none' } }, async (_request, reply) =>
    sendPage(reply),
  );

  return {
    answerNavigation(request, reply) {
      return wantsPage(request, options.reservedPrefixes) ? sendPage(reply) : null;
    },
  };
}
