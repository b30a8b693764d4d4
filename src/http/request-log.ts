// What the request log says of a request: its answer's line names the route pattern, the tenant and the caller, so
// that a log store can count by them as /metrics counts by route. Fastify logs each request's URL; a caller who puts a credential in
// the query string (`?access_token=…`) would otherwise leave it in every log store the lines reach. The values
// of such parameters are written as [REDACTED]; the rest of the URL is kept as it came.
import type { FastifyServerOptions } from 'fastify';
import type { AuthContext } from '../modules/auth/auth-context.js';

const REDACTED = '[REDACTED]';

/** Names (lower-cased, percent-decoded) that carry a credential: `access_token`, `password`, `apiKey`… */
const CREDENTIAL_NAME = /token|passw|secret|api[-_]?key|signature|credential|authorization|^(?:auth|key|sig|pwd)$/;

function decodedName(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' ')).toLowerCase();
  } catch {
    return raw.toLowerCase();
  }
}

/** The URL with the value of every credential query parameter replaced by [REDACTED]. */
export function redactQueryCredentials(url: string): string {
  const start = url.indexOf('?');
  if (start < 0) return url;
  const parameters = url
    .slice(start + 1)
    .split('&')
    .map((parameter) => {
      const equals = parameter.indexOf('=');
      if (equals < 0) return parameter;
      return CREDENTIAL_NAME.test(decodedName(parameter.slice(0, equals)))
        ? `${parameter.slice(0, equals + 1)}${REDACTED}`
        : parameter;
    });
  return `${url.slice(0, start)}?${parameters.join('&')}`;
}

interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  headers?: Record<string, string | string[] | undefined>;
  socket?: { remoteAddress?: string; remotePort?: number };
}

const firstOf = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** Fastify's own request serializer, with the query string's credentials redacted. */
function serializeRequest(request: LoggedRequest) {
  return {
    method: request.method,
    url: request.url === undefined ? undefined : redactQueryCredentials(request.url),
    version: firstOf(request.headers?.['accept-version']),
    host: request.host ?? firstOf(request.headers?.host),
    remoteAddress: request.ip ?? request.socket?.remoteAddress,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * The answer as `request completed` logs it: Fastify's status code, then the route pattern (`unmatched` for none),
 * and, once authenticated, the tenant and the caller (`user:<id>`, or `token:<id>` for an integration token).
 */
interface LoggedReply {
  statusCode: number;
  request?: { routeOptions?: { url?: string }; auth?: AuthContext | null };
}

function serializeReply(reply: LoggedReply) {
  const request = reply.request;
  const auth = request?.auth ?? undefined;
  return {
    statusCode: reply.statusCode,
    route: request?.routeOptions?.url ?? 'unmatched',
    tenant: auth?.tenantId,
    caller: auth ? callerOf(auth) : undefined,
  };
}

function callerOf(auth: AuthContext): string {
  return auth.via === 'token' && auth.consoleSessionId === undefined ? `token:${auth.tokenId}` : `user:${auth.user.id}`;
}

/**
 * Fastify's logging settings with `req` serialized with the URL's credentials redacted: set once on the logger
 * every request's logger is a child of (a serializer given to each child would cost every request).
 */
export function withRequestLogRedaction(
  logging: Pick<FastifyServerOptions, 'logger' | 'loggerInstance'>,
): Pick<FastifyServerOptions, 'logger' | 'loggerInstance'> {
  const serializers = { req: serializeRequest, res: serializeReply };
  if (logging.loggerInstance) return { loggerInstance: logging.loggerInstance.child({}, { serializers }) };
  const { logger } = logging;
  if (!logger) return { logger };
  const options = logger === true ? {} : logger;
  return { logger: { ...options, serializers: { ...options.serializers, ...serializers } } };
}
