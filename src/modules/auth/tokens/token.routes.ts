// API-token management for the signed-in web-app user; a bearer token cannot manage tokens (401).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { IdParams } from '../../../http/common-schemas.js';
import { withoutAbility } from '../../../http/authentication.js';
import { ifMatch, withETag } from '../../../http/conditional.js';
import { EnvelopeSchema, ok } from '../../../http/envelope.js';
import { PaginatedSchema, paginated } from '../../../http/pagination.js';
import { ABILITIES } from '../abilities.js';
import {
  AbilityResponse,
  ConsoleTokenResponse,
  CreatedTokenResponse,
  TokenCreateBody,
  TokenListQuery,
  TokenResponse,
} from './token.schemas.js';
import type { SessionService } from '../sessions/session.service.js';
import { tokenResource, type TokenService } from './token.service.js';

const tags = ['API tokens'];
// Users manage their own tokens; the service limits an administrator's wider reach (and approval) by role.
const session = withoutAbility('own tokens, with role checks in the service', { auth: 'session' });

export function tokenRoutes({
  tokens,
  sessions,
}: {
  tokens: TokenService;
  sessions: SessionService;
}): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/api-tokens/abilities',
      {
        schema: {
          tags,
          operationId: 'listAbilities',
          summary: 'The ability catalogue with scores and sensitivity',
          response: { 200: EnvelopeSchema(Type.Array(AbilityResponse)) },
        },
        config: session,
      },
      async () => ok([...ABILITIES]),
    );

    app.post(
      '/api-tokens',
      {
        schema: {
          tags,
          operationId: 'createApiToken',
          summary: 'Create a token; its plain text is answered this once',
          body: TokenCreateBody,
          response: { 201: EnvelopeSchema(CreatedTokenResponse) },
        },
        config: { ...session, idempotency: false, audit: 'recorded' },
      },
      async (request, reply) => {
        const { name, type = 'personal', abilities, expiration_days, ip_whitelist } = request.body;
        const issued = await tokens.issue({
          tenantId: request.auth.tenantId,
          userId: request.auth.user.id,
          name,
          type,
          abilities,
          expirationDays: expiration_days ?? null,
          ipWhitelist: ip_whitelist ?? null,
          preApproved: false,
        });
        const message =
          issued.token.status === 'pending_approval'
            ? 'API token created; it works once a tenant administrator approves it.'
            : 'API token created.';
        return reply
          .code(201)
          .send(ok({ ...tokenResource(issued.token), plain_text_token: issued.plainText }, message));
      },
    );

    app.post(
      '/auth/console-token',
      {
        schema: {
          tags,
          operationId: 'createConsoleToken',
          summary: 'A token of the signed-in session for the console, for the endpoints that take bearer tokens only',
          description:
            "A bearer token holding `*`, bounded by the user's role as the session is. It works for 15 minutes, never past the session's expiry, and stops at once when the session ends (sign-out, a password change or reset, deactivation, expiry). It is part of the session: not an API token of the tenant, so neither listed, nor managed, nor audited.",
          response: { 201: EnvelopeSchema(ConsoleTokenResponse) },
        },
        config: {
          ...session,
          idempotency: false,
          audit: { exempt: 'a console token is part of the session: neither listed, nor managed, nor audited' },
        },
      },
      async (request, reply) => {
        const { token, plainText } = await sessions.issueConsoleToken(request.session!);
        return reply.code(201).send(ok({ token: plainText, expires_at: token.expires_at! }, 'Console token created.'));
      },
    );

    app.get(
      '/api-tokens',
      {
        schema: {
          tags,
          operationId: 'listApiTokens',
          summary: "List tokens (an administrator sees the tenant's, others their own)",
          querystring: TokenListQuery,
          response: { 200: PaginatedSchema(TokenResponse) },
        },
        config: session,
      },
      async (request) => {
        const { page, per_page, ...filters } = request.query;
        const result = await tokens.list(request.auth, filters, { page, per_page });
        return paginated(request, { page, per_page }, { ...result, items: result.items.map(tokenResource) });
      },
    );

    app.get(
      '/api-tokens/:id',
      {
        schema: {
          tags,
          operationId: 'getApiToken',
          summary: 'Get a token (never its secret)',
          params: IdParams,
          response: { 200: EnvelopeSchema(TokenResponse) },
        },
        config: { ...session, conditional: 'read' },
      },
      async (request, reply) => ok(withETag(reply, tokenResource(await tokens.get(request.auth, request.params.id)))),
    );

    app.delete(
      '/api-tokens/:id',
      {
        schema: {
          tags,
          operationId: 'revokeApiToken',
          summary: 'Revoke a token, effective at once',
          params: IdParams,
          response: { 200: EnvelopeSchema(TokenResponse) },
        },
        config: { ...session, conditional: 'write', audit: 'when-changed' },
      },
      async (request, reply) =>
        ok(
          withETag(reply, tokenResource(await tokens.revoke(request.auth, request.params.id, ifMatch(request)))),
          'API token revoked.',
        ),
    );

    app.post(
      '/api-tokens/:id/approve',
      {
        schema: {
          tags,
          operationId: 'approveApiToken',
          summary: 'Approve a token pending approval (tenant administrators)',
          params: IdParams,
          response: { 200: EnvelopeSchema(TokenResponse) },
        },
        config: { ...session, conditional: 'write', audit: 'recorded' },
      },
      async (request, reply) =>
        ok(
          withETag(reply, tokenResource(await tokens.approve(request.auth, request.params.id, ifMatch(request)))),
          'API token approved.',
        ),
    );
  };
}
