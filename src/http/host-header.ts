// The Host a request names (or X-Forwarded-Host, behind a trusted proxy) is where the API builds its links when
// PUBLIC_URL is unset, and part of the key of answers kept in memory. One that no URL could carry (spaces, a path,
// characters outside a host's) is refused with 400, as HTTP asks of a server (RFC 9112, section 3.2), instead of
// failing later where a link is built on it.
import type { FastifyInstance } from 'fastify';
import { BadRequestError } from '../core/errors.js';

/** A DNS name (underscores allowed, as container names have them) or IPv4 address, or an IPv6 one in brackets; a port. */
const WELL_FORMED_HOST = /^(?:[a-z0-9_-]+(?:\.[a-z0-9_-]+)*\.?|\[[0-9a-f:.]+\])(?::[0-9]{1,5})?$/i;

export function isWellFormedHost(host: string): boolean {
  return WELL_FORMED_HOST.test(host) && (!host.startsWith('[') || URL.canParse(`http://${host}`));
}

export function registerHostCheck(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    // An HTTP/1.0 request may name no host at all (Node refuses an HTTP/1.1 one without): nothing to check.
    const host = request.host as string | undefined;
    done(host && !isWellFormedHost(host) ? new BadRequestError('The Host header is malformed.') : undefined);
  });
}
