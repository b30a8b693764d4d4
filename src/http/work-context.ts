// Every request runs in its work context (src/lib/work-context.ts): its id, its address, and its caller once
// authenticated (request.auth), for the audit log.
import { AsyncResource } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthContext } from '../modules/auth/auth-context.js';
import { runInContext, type Actor } from '../lib/work-context.js';

const scopes = new WeakMap<FastifyRequest, AsyncResource>();

/** The audit log's actor for an authenticated caller. */
export function actorOf(auth: AuthContext): Actor {
  return auth.via === 'token'
    ? { type: 'token', user_id: auth.user.id, token_id: auth.tokenId, name: auth.user.email }
    : { type: 'user', user_id: auth.user.id, token_id: null, name: auth.user.email };
}

/** Register before authentication: its onRequest hook must run first, so that every later hook runs inside. */
export function registerWorkContext(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const context = { request_id: request.id, ip: request.ip, actor: () => (request.auth ? actorOf(request.auth) : null) };
    runInContext(context, () => {
      const scope = new AsyncResource('quartermaster-request');
      scopes.set(request, scope);
      scope.runInAsyncScope(done);
    });
  });
  // The body is read on the socket's events, outside the context: the hooks after parsing and the handler are
  // brought back into it (as @fastify/request-context does).
  app.addHook('preValidation', (request, _reply, done) => {
    const scope = scopes.get(request);
    if (scope) scope.runInAsyncScope(done);
    else done();
  });
}
