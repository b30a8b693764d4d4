// Authentication and function-level authorisation for the API scope. Each route says how it may be
// called (`config.auth`, default any) and which ability it needs (`config.ability`); a request must
// pass both before its body is even parsed.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthContext } from '../modules/auth/auth-context.js';
import { can } from '../modules/auth/auth-context.js';
import type { TokenService } from '../modules/auth/tokens/token.service.js';
import { ForbiddenError, UnauthenticatedError } from './errors.js';

export type AuthMode = 'any' | 'bearer' | 'session' | 'none';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** How the route may be called; `any` when omitted. */
    auth?: AuthMode;
    /** The ability the caller needs, e.g. `operations:view-inventory`. */
    ability?: string;
  }
  interface FastifyRequest {
    /** Set for every authenticated route; absent only on routes with `auth: 'none'`. */
    auth: AuthContext;
  }
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

export function registerAuthentication(app: FastifyInstance, tokens: TokenService): void {
  app.decorateRequest('auth', null as unknown as AuthContext);

  app.addHook('onRequest', async (request) => {
    const { auth: mode = 'any', ability } = request.routeOptions.config;
    if (mode === 'none') return;

    const token = bearerToken(request);
    // Sessions arrive with the first-party web app's login; until then only bearer tokens authenticate.
    if (token === null || mode === 'session') throw new UnauthenticatedError();
    request.auth = await tokens.authenticate(token, request.ip);

    if (ability && !can(request.auth, ability)) throw ForbiddenError.missingAbility(ability);
  });
}
