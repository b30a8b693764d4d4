// The tenant's users, for its administrators: `system:view-users` to read, `system:manage-users` to change.
// Giving a role above the least-privileged one needs `system:manage-roles` besides, and acting on a user every
// ability of their role (user-authority.ts, applied by the service). Sessions and tokens alike.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { User } from '../../db/schema.js';
import { requireAbility } from '../../http/authentication.js';
import { IdParams } from '../../http/common-schemas.js';
import { ifMatch, withETag } from '../../http/conditional.js';
import { EnvelopeSchema, ok } from '../../http/envelope.js';
import { PaginatedSchema, paginated, publicBaseUrl } from '../../http/pagination.js';
import type { LinkDelivery } from './password-links.js';
import type { UserAdministrationService } from './user-administration.service.js';
import { UserCreateBody, UserListQuery, UserResponse, UserUpdateBody, UserWithLinkResponse } from './user.schemas.js';
import { userResource } from './user.service.js';

const tags = ['Users'];
export const VIEW_USERS = 'system:view-users';
export const MANAGE_USERS = 'system:manage-users';

const linkMessage = (delivery: LinkDelivery, what: string) =>
  delivery.email_sent
    ? `${what} The link was e-mailed to the user.`
    : `${what} E-mail is not configured: pass the link in password_link.url to the user; it is not shown again.`;

function withLink(user: User, delivery: LinkDelivery) {
  return { ...userResource(user), password_link: delivery };
}

export function userRoutes({ service }: { service: UserAdministrationService }): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/users',
      {
        schema: {
          tags,
          operationId: 'listUsers',
          summary: "List the tenant's users",
          querystring: UserListQuery,
          response: { 200: PaginatedSchema(UserResponse) },
        },
        config: requireAbility(VIEW_USERS),
      },
      async (request) => {
        const { page, per_page, ...filters } = request.query;
        const result = await service.list(request.auth.tenantId, filters, { page, per_page });
        return paginated(request, { page, per_page }, { ...result, items: result.items.map(userResource) });
      },
    );

    app.get(
      '/users/:id',
      {
        schema: {
          tags,
          operationId: 'getUser',
          summary: 'Get a user',
          params: IdParams,
          response: { 200: EnvelopeSchema(UserResponse) },
        },
        config: { ...requireAbility(VIEW_USERS), conditional: 'read' },
      },
      async (request, reply) =>
        ok(withETag(reply, userResource(await service.get(request.auth.tenantId, request.params.id)))),
    );

    app.post(
      '/users',
      {
        schema: {
          tags,
          operationId: 'createUser',
          summary: 'Invite a user: created without a password, with a one-time link to set one',
          description:
            'The link is e-mailed when SMTP_URL is set (`password_link.email_sent` true); otherwise it is answered once in `password_link.url`.',
          body: UserCreateBody,
          response: { 201: EnvelopeSchema(UserWithLinkResponse) },
        },
        // The answer carries a one-time link: a replay would show it again, so no idempotent replay.
        config: { ...requireAbility(MANAGE_USERS), idempotency: false, conditional: 'create', audit: 'recorded' },
      },
      async (request, reply) => {
        const { user, delivery } = await service.invite(
          request.auth.tenantId,
          request.body,
          request.auth,
          publicBaseUrl(request),
        );
        return reply
          .code(201)
          .send(ok(withETag(reply, withLink(user, delivery), 'password_link'), linkMessage(delivery, 'User invited.')));
      },
    );

    app.patch(
      '/users/:id',
      {
        schema: {
          tags,
          operationId: 'updateUser',
          summary: "Change a user's name or role",
          params: IdParams,
          body: UserUpdateBody,
          response: { 200: EnvelopeSchema(UserResponse) },
        },
        config: { ...requireAbility(MANAGE_USERS), conditional: 'write', audit: 'when-changed' },
      },
      async (request, reply) => {
        const user = await service.update(
          request.auth.tenantId,
          request.params.id,
          request.body,
          request.auth,
          ifMatch(request),
        );
        return ok(withETag(reply, userResource(user)), 'User updated.');
      },
    );

    app.post(
      '/users/:id/deactivate',
      {
        schema: {
          tags,
          operationId: 'deactivateUser',
          summary: 'Deactivate a user: sign-in refused, sessions ended, tokens suspended at once',
          params: IdParams,
          response: { 200: EnvelopeSchema(UserResponse) },
        },
        config: { ...requireAbility(MANAGE_USERS), conditional: 'write', audit: 'when-changed' },
      },
      async (request, reply) =>
        ok(
          withETag(
            reply,
            userResource(
              await service.deactivate(request.auth.tenantId, request.params.id, request.auth, ifMatch(request)),
            ),
          ),
          'User deactivated.',
        ),
    );

    app.post(
      '/users/:id/reactivate',
      {
        schema: {
          tags,
          operationId: 'reactivateUser',
          summary: 'Reactivate a user: sign-in and tokens work again; ended sessions stay ended',
          params: IdParams,
          response: { 200: EnvelopeSchema(UserResponse) },
        },
        config: { ...requireAbility(MANAGE_USERS), conditional: 'write', audit: 'when-changed' },
      },
      async (request, reply) =>
        ok(
          withETag(
            reply,
            userResource(
              await service.reactivate(request.auth.tenantId, request.params.id, request.auth, ifMatch(request)),
            ),
          ),
          'User reactivated.',
        ),
    );

    app.post(
      '/users/:id/resend-invitation',
      {
        schema: {
          tags,
          operationId: 'resendUserInvitation',
          summary: 'A new invitation link for a user who has not set a password (earlier links stop working)',
          params: IdParams,
          response: { 200: EnvelopeSchema(UserWithLinkResponse) },
        },
        config: { ...requireAbility(MANAGE_USERS), idempotency: false, audit: 'recorded' },
      },
      async (request) => {
        const { user, delivery } = await service.resendInvitation(
          request.auth.tenantId,
          request.params.id,
          request.auth,
          publicBaseUrl(request),
        );
        return ok(withLink(user, delivery), linkMessage(delivery, 'Invitation sent.'));
      },
    );

    app.post(
      '/users/:id/reset-password',
      {
        schema: {
          tags,
          operationId: 'startUserPasswordReset',
          summary: 'A one-time password-reset link (an hour) for an active user',
          params: IdParams,
          response: { 200: EnvelopeSchema(UserWithLinkResponse) },
        },
        config: { ...requireAbility(MANAGE_USERS), idempotency: false, audit: 'recorded' },
      },
      async (request) => {
        const { user, delivery } = await service.startPasswordReset(
          request.auth.tenantId,
          request.params.id,
          request.auth,
          publicBaseUrl(request),
        );
        return ok(withLink(user, delivery), linkMessage(delivery, 'Password reset started.'));
      },
    );
  };
}
