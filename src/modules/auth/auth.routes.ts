import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import type { User } from '../../db/schema.js';
import type { Mailer } from '../../lib/mailer.js';
import { withoutAbility } from '../../http/authentication.js';
import { ErrorBody, standardErrorResponses } from '../../http/common-schemas.js';
import { EnvelopeSchema, MessageSchema, ok } from '../../http/envelope.js';
import { GENERIC_CODES } from '../../http/error-codes.js';
import {
  clearSessionCookies,
  setSessionCookies,
  setXsrfCookie,
  type CookieOptions,
} from '../../http/session-cookies.js';
import { ABILITIES } from './abilities.js';
import { can, type AuthContext } from './auth-context.js';
import type { AccountService } from '../tenancy/account.service.js';
import type { TenantService } from '../tenancy/tenant.service.js';
import {
  ChangePasswordBody,
  LoginBody,
  MeResponse,
  PasswordBody,
  ProfileBody,
  RecoveryCodesResponse,
  SessionResponse,
  SetPasswordBody,
  SignedInResponse,
  TwoFactorChallengeBody,
  TwoFactorCodeBody,
  TwoFactorEnableResponse,
} from './auth.schemas.js';
import type { SessionService } from './sessions/session.service.js';
import { TWO_FACTOR_REQUIRED, type SignInService } from './sign-in.service.js';
import type { TwoFactorService } from './two-factor/two-factor.service.js';

/**
 * The caller as GET /auth/me answers it: who, where, how, and what they may do (the console hides the rest),
 * and whether the server sends e-mail, so that a client offers sending by e-mail only when it can happen.
 */
function currentUserBody(
  auth: AuthContext,
  user: User,
  tenant: { id: string; name: string },
  mailer: Pick<Mailer, 'enabled'>,
) {
  return {
    user: { id: user.id, name: user.name, email: user.email, roles: [user.role] },
    tenant: { id: tenant.id, name: tenant.name },
    authenticated_via: auth.via,
    abilities: ABILITIES.filter(({ ability }) => can(auth, ability)).map(({ ability }) => ability),
    two_factor_enabled: user.two_factor_confirmed_at !== null,
    email_enabled: mailer.enabled,
  };
}

export interface AuthRoutesOptions {
  tenants: TenantService;
  sessions: SessionService;
  signIn: SignInService;
  twoFactor: TwoFactorService;
  account: AccountService;
  cookies: CookieOptions;
  /** Whether the server sends e-mail, as GET /auth/me answers it. */
  mailer: Pick<Mailer, 'enabled'>;
}

const tags = ['Authentication'];

function signedIn(user: User) {
  return ok({ user: { id: user.id, name: user.name, email: user.email, roles: [user.role] } }, 'Login successful');
}

/** `GET /sanctum/csrf-cookie` lives outside the API prefix, as the first-party app expects. */
const OWN_ACCOUNT = "two-factor settings are the signed-in user's own account";
const OWN_PROFILE = "the signed-in user's own name and password";

export function csrfCookieRoute({
  sessions,
  cookies,
}: Pick<AuthRoutesOptions, 'sessions' | 'cookies'>): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/sanctum/csrf-cookie',
      {
        schema: {
          tags,
          operationId: 'getCsrfCookie',
          summary: 'Start a web-app session and set the XSRF-TOKEN cookie',
          response: { 204: { type: 'null' } },
        },
        config: withoutAbility('a session starts before sign-in', { auth: 'guest' }),
      },
      async (request, reply: FastifyReply) => {
        if (request.session) {
          setXsrfCookie(reply, request.session.csrf_token, cookies);
        } else {
          setSessionCookies(reply, await sessions.open({ kind: 'anonymous' }), cookies);
        }
        return reply.code(204).send();
      },
    );
  };
}

export function authRoutes({
  tenants,
  sessions,
  signIn,
  twoFactor,
  account,
  cookies,
  mailer,
}: AuthRoutesOptions): FastifyPluginAsyncTypebox {
  const currentUser = async (auth: AuthContext) => {
    const [user, tenant] = await Promise.all([signIn.currentUser(auth), tenants.get(auth.tenantId)]);
    return currentUserBody(auth, user, tenant, mailer);
  };

  return async (app) => {
    app.post(
      '/auth/login',
      {
        schema: {
          tags,
          operationId: 'login',
          summary: 'Sign in to the web app (session); 423 when a two-factor code is needed',
          body: LoginBody,
          response: {
            200: EnvelopeSchema(SignedInResponse),
            423: {
              ...ErrorBody,
              description: 'A two-factor code is needed: complete the sign-in at /auth/two-factor-challenge.',
            },
          },
        },
        config: { ...withoutAbility('signing in comes before any ability', { auth: 'guest' }), audit: 'recorded' },
      },
      async (request, reply) => {
        const result = await signIn.signIn(request.body.email, request.body.password, request.ip, request.session);
        setSessionCookies(reply, result.opened, cookies);
        if (result.kind === 'two_factor_required')
          return reply.code(423).send({ success: false, message: TWO_FACTOR_REQUIRED, code: GENERIC_CODES[423] });
        return reply.send(signedIn(result.user));
      },
    );

    app.post(
      '/auth/two-factor-challenge',
      {
        schema: {
          tags,
          operationId: 'completeTwoFactorChallenge',
          summary: 'Complete a sign-in with a TOTP code or a recovery code',
          body: TwoFactorChallengeBody,
          response: { 200: EnvelopeSchema(SignedInResponse) },
        },
        config: { ...withoutAbility('signing in comes before any ability', { auth: 'guest' }), audit: 'recorded' },
      },
      async (request, reply) => {
        const { user, opened } = await signIn.completeTwoFactor(request.session, request.body, request.ip);
        setSessionCookies(reply, opened, cookies);
        return reply.send(signedIn(user));
      },
    );

    app.post(
      '/auth/logout',
      {
        schema: { tags, operationId: 'logout', summary: 'End the web-app session', response: { 200: MessageSchema } },
        config: {
          ...withoutAbility('the signed-in user ends their own session', { auth: 'session' }),
          audit: { exempt: "ends the caller's own session, which is no record of the tenant" },
        },
      },
      async (request, reply) => {
        await sessions.end(request.session!);
        clearSessionCookies(reply, cookies);
        return reply.send({ success: true, message: 'Logged out successfully' });
      },
    );

    app.get(
      '/auth/me',
      {
        schema: {
          tags,
          operationId: 'getCurrentUser',
          summary: 'The caller: user, roles and tenant (session or bearer)',
          response: { 200: EnvelopeSchema(MeResponse) },
        },
        config: withoutAbility('any caller may see who it is'),
      },
      async (request) => ok(await currentUser(request.auth)),
    );

    app.get(
      '/auth/session',
      {
        schema: {
          tags,
          operationId: 'getSession',
          summary: 'The web-app session: who is signed in, or null when nobody is',
          description:
            'For a browser that has to find out whether it holds a signed-in session: answers 200 either way, with the body of `GET /auth/me` or `data: null` (no session cookie, a session not signed in, ended or expired, or a user since deactivated). Reads the session cookie only; an `Authorization` header is ignored.',
          response: { 200: EnvelopeSchema(SessionResponse) },
        },
        config: withoutAbility('anyone may ask whether their browser is signed in', { auth: 'guest' }),
      },
      async (request) => {
        const auth = await signIn.signedInAuth(request.session);
        return ok(auth ? await currentUser(auth) : null);
      },
    );

    app.post(
      '/auth/two-factor/enable',
      {
        schema: {
          tags,
          operationId: 'enableTwoFactor',
          summary: 'Start two-factor enrolment: a new TOTP secret',
          response: { 200: EnvelopeSchema(TwoFactorEnableResponse) },
        },
        config: { ...withoutAbility(OWN_ACCOUNT, { auth: 'session', idempotency: false }), audit: 'recorded' },
      },
      async (request) =>
        ok(await twoFactor.enable(await signIn.currentUser(request.auth)), 'Scan the code, then confirm it.'),
    );

    app.post(
      '/auth/two-factor/confirm',
      {
        schema: {
          tags,
          operationId: 'confirmTwoFactor',
          summary: 'Turn two-factor on with a first code; answers the recovery codes once',
          body: TwoFactorCodeBody,
          response: { 200: EnvelopeSchema(RecoveryCodesResponse) },
        },
        config: { ...withoutAbility(OWN_ACCOUNT, { auth: 'session', idempotency: false }), audit: 'recorded' },
      },
      async (request) => {
        const codes = await twoFactor.confirm(await signIn.currentUser(request.auth), request.body.code);
        return ok({ recovery_codes: codes }, 'Two-factor authentication enabled. Store the recovery codes now.');
      },
    );

    app.post(
      '/auth/two-factor/recovery-codes',
      {
        schema: {
          tags,
          operationId: 'regenerateRecoveryCodes',
          summary: 'Replace the recovery codes (password required); answers the new ones once',
          body: PasswordBody,
          response: { 200: EnvelopeSchema(RecoveryCodesResponse) },
        },
        config: { ...withoutAbility(OWN_ACCOUNT, { auth: 'session', idempotency: false }), audit: 'recorded' },
      },
      async (request) => {
        const codes = await twoFactor.regenerateRecoveryCodes(
          await signIn.currentUser(request.auth),
          request.body.password,
        );
        return ok(
          { recovery_codes: codes },
          'New recovery codes generated; the old ones no longer work. Store these now.',
        );
      },
    );

    app.patch(
      '/auth/me',
      {
        schema: {
          tags,
          operationId: 'updateCurrentUser',
          summary: 'Change your own name',
          body: ProfileBody,
          response: { 200: EnvelopeSchema(MeResponse) },
        },
        config: { ...withoutAbility(OWN_PROFILE, { auth: 'session' }), audit: 'when-changed' },
      },
      async (request) => {
        const user = await account.rename(request.auth.tenantId, request.auth.user.id, request.body.name);
        const tenant = await tenants.get(user.tenant_id);
        return ok(currentUserBody(request.auth, user, tenant, mailer), 'Name changed.');
      },
    );

    app.put(
      '/auth/password',
      {
        schema: {
          tags,
          operationId: 'changePassword',
          summary: 'Change your own password (current password required); your other sessions end',
          body: ChangePasswordBody,
          response: { 200: MessageSchema },
        },
        config: { ...withoutAbility(OWN_PROFILE, { auth: 'session' }), audit: 'recorded' },
      },
      async (request) => {
        await account.changePassword(
          request.auth.tenantId,
          request.auth.user.id,
          request.body.current_password,
          request.body.password,
          request.session,
        );
        return { success: true, message: 'Password changed. Your other sessions have been signed out.' };
      },
    );

    app.post(
      '/auth/set-password',
      {
        schema: {
          tags,
          operationId: 'setPasswordWithLink',
          summary: 'Set a password through a one-time link (invitation or reset); no sign-in needed',
          description:
            'The link (`/set-password?token=…` under the public URL) works once and until it expires: an invitation 7 days, a reset 1 hour. Every session of the user ends. Sign in afterwards.',
          body: SetPasswordBody,
          response: { 200: MessageSchema, 422: standardErrorResponses[422], 429: standardErrorResponses[429] },
        },
        // The link's secret is the credential: no session, so no CSRF token to check.
        config: {
          ...withoutAbility('the one-time link is the credential', { auth: 'none', idempotency: false }),
          audit: 'recorded',
        },
      },
      async (request) => {
        await account.setPassword(request.body.token, request.body.password);
        return { success: true, message: 'Password set. You can sign in now.' };
      },
    );

    app.delete(
      '/auth/two-factor',
      {
        schema: {
          tags,
          operationId: 'disableTwoFactor',
          summary: 'Turn two-factor off (password required)',
          body: PasswordBody,
          response: { 200: MessageSchema },
        },
        config: { ...withoutAbility(OWN_ACCOUNT, { auth: 'session' }), audit: 'recorded' },
      },
      async (request) => {
        await twoFactor.disable(await signIn.currentUser(request.auth), request.body.password);
        return { success: true, message: 'Two-factor authentication disabled.' };
      },
    );
  };
}
