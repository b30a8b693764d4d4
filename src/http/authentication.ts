// Authentication and function-level authorisation, by one hook on every route that needs it. A route declares
// how it may be called (`config.auth`; API routes default to `any`, others to `none`), the ability it needs
// (`requireAbility`), and, where it matters, which token types may call it. Bearer requests carry their
// token; session requests carry cookies and, when they change state, the CSRF header.
import type {} from '@fastify/cookie';
import type { FastifyContextConfig, FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import { CsrfTokenMismatchError, ForbiddenError, UnauthenticatedError } from '../core/errors.js';
import type { Session, TokenType } from '../db/schema.js';
import type { AbilityName } from '../modules/auth/abilities.js';
import { can, type AuthContext } from '../modules/auth/auth-context.js';
import type { SessionService } from '../modules/auth/sessions/session.service.js';
import type { SignInService } from '../modules/auth/sign-in.service.js';
import type { TokenService } from '../modules/auth/tokens/token.service.js';
import { withFirstRouteHook } from './route-hooks.js';
import { SESSION_COOKIE, XSRF_HEADER } from './session-cookies.js';

/**
 * - `any`: a bearer token or a signed-in session;
 * - `bearer`: a bearer token only (master products, webhooks);
 * - `session`: a signed-in session only (token management);
 * - `guest`: a session that need not be signed in, CSRF-checked (login, two-factor challenge);
 * - `none`: public (probes, documentation).
 */
export type AuthMode = 'any' | 'bearer' | 'session' | 'guest' | 'none';

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: AuthMode;
    ability?: string;
    /**
     * Why the route needs no ability (its own account, the token's view abilities filter what it sees…):
     * an explicit, reviewed exemption, so a route that simply forgot its ability can be told apart.
     */
    abilityExempt?: string;
    /** Token types that may call the route; others get 403 (webhooks refuse personal tokens). */
    tokenTypes?: readonly TokenType[];
  }
  interface FastifyRequest {
    /** The caller, on every route that requires one. */
    auth: AuthContext;
    /** The web-app session the cookies name, if any (loaded on session-capable routes). */
    session: Session | null;
  }
}

/** The route config of a route that needs `ability`: `config: requireAbility('operations:view-products')`. */
export function requireAbility(
  ability: AbilityName,
  rest: { auth?: AuthMode; tokenTypes?: readonly TokenType[] } = {},
) {
  return { ability, ...rest };
}

/**
 * The route config of a route that by design needs no ability:
 * `config: withoutAbility('the signed-in user manages their own tokens', { auth: 'session' })`.
 */
export function withoutAbility(
  reason: string,
  rest: { auth?: AuthMode; tokenTypes?: readonly TokenType[]; idempotency?: boolean } = {},
) {
  return { abilityExempt: reason, ...rest };
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const BEARER = /^Bearer ([!-~]{1,512})$/i;

export interface AuthenticationDeps {
  apiPrefix: string;
  tokens: TokenService;
  sessions: SessionService;
  signIn: SignInService;
}

const BEARER_SCHEME = /^Bearer(?:\s|$)/i;

function bearerToken(header: string): string {
  const value = header.trim();
  const match = BEARER.exec(value);
  if (match) return match[1]!;
  // A Bearer value that cannot be a token is a refused token; another scheme (Basic…) sent no token at all.
  throw BEARER_SCHEME.test(value) ? UnauthenticatedError.invalidToken() : new UnauthenticatedError();
}

export function registerAuthentication(app: FastifyInstance, deps: AuthenticationDeps): void {
  app.decorateRequest('auth', null as unknown as AuthContext);
  app.decorateRequest('session', null);

  /** The hook of a route that `mode` lets be called as `config` says, resolved once when the route is added. */
  const authenticator =
    (mode: Exclude<AuthMode, 'none'>, config: FastifyContextConfig): onRequestAsyncHookHandler =>
    async (request) => {
      const authorization = request.headers.authorization;
      if (authorization !== undefined && mode !== 'guest') {
        if (mode === 'session') throw new UnauthenticatedError();
        request.auth = await deps.tokens.authenticate(bearerToken(authorization), request.ip);
        if (config.tokenTypes && !config.tokenTypes.includes(request.auth.tokenType as TokenType)) {
          throw new ForbiddenError(
            `${request.auth.tokenType} tokens cannot be used here; use one of: ${config.tokenTypes.join(', ')}.`,
          );
        }
      } else {
        if (mode === 'bearer') throw new UnauthenticatedError();
        request.session = await deps.sessions.fromCookie(request.cookies[SESSION_COOKIE]);
        if (mode !== 'guest' && !request.session?.user_id) throw new UnauthenticatedError();
        if (
          STATE_CHANGING.has(request.method) &&
          !(request.session && deps.sessions.csrfMatches(request.session, request.headers[XSRF_HEADER]))
        ) {
          throw new CsrfTokenMismatchError();
        }
        if (mode === 'guest') return;
        request.auth = await deps.signIn.sessionAuth(request.session!);
      }

      if (config.ability && !can(request.auth, config.ability)) throw ForbiddenError.missingAbility(config.ability);
    };

  // On the routes that need it, after every global onRequest hook (the work context's among them).
  app.addHook('onRoute', (route) => {
    const config = route.config ?? {};
    const mode = config.auth ?? (route.url.startsWith(`${deps.apiPrefix}/`) ? 'any' : 'none');
    if (mode !== 'none') route.onRequest = withFirstRouteHook(route.onRequest, authenticator(mode, config));
  });
}
