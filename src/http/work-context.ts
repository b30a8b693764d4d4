// Every request runs in its work context (src/lib/work-context.ts): its id, its address, and its caller once
// authenticated (request.auth), for the audit log; its logger, which the handler and what services log on its
// behalf (after commit, too) write through; and the work a service leaves for after the answer (afterAnswer).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthContext } from '../modules/auth/auth-context.js';
import { currentContext, runInContext, type Actor, type WorkContext } from '../lib/work-context.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's work context, to bring the hooks after body parsing back into it. */
    workContext: WorkContext | null;
    /** What the request's services left to do once it has been answered. */
    afterAnswer: Array<() => Promise<void>> | null;
  }
}

/** The audit log's actor for an authenticated caller; a console token acts as the session it belongs to. */
export function actorOf(auth: AuthContext): Actor {
  return auth.via === 'token' && auth.consoleSessionId === undefined
    ? { type: 'token', user_id: auth.user.id, token_id: auth.tokenId, name: auth.user.email }
    : { type: 'user', user_id: auth.user.id, token_id: null, name: auth.user.email };
}

/** Register before authentication: its onRequest hook must run first, so that every later hook runs inside. */
export function registerWorkContext(app: FastifyInstance): void {
  app.decorateRequest('workContext', null);
  app.decorateRequest('afterAnswer', null);
  app.addHook('onRequest', (request, _reply, done) => {
    const context: WorkContext = {
      request_id: request.id,
      ip: request.ip,
      actor: () => (request.auth ? actorOf(request.auth) : null),
      tenant_id: () => request.auth?.tenantId ?? null,
      log: request.log,
      afterAnswer: (task) => {
        (request.afterAnswer ??= []).push(task);
      },
    };
    request.workContext = context;
    runInContext(context, done);
  });
  // A body is read on the socket's events, outside the context: the hooks after parsing and the handler are
  // brought back into it (as @fastify/request-context does). Without a body they never left it.
  app.addHook('preValidation', (request, _reply, done) => {
    const context = request.workContext;
    if (context === null || currentContext() === context) done();
    else runInContext(context, done);
  });
  registerAfterAnswer(app);
}

/**
 * Runs what services left for after the answer, in the request's context, once the answer is sent or the client
 * has gone; closing the app waits for it, so that none of it meets a closed database.
 */
function registerAfterAnswer(app: FastifyInstance): void {
  const running = new Set<Promise<void>>();
  const runLeftWork = (request: FastifyRequest): void => {
    const tasks = request.afterAnswer;
    const context = request.workContext;
    request.afterAnswer = null;
    if (!tasks || !context) return;
    const run = runInContext(context, async () => {
      for (const task of tasks) {
        try {
          await task();
        } catch (error) {
          request.log.error({ err: error }, 'Work left for after the answer failed');
        }
      }
    });
    running.add(run);
    void run.finally(() => running.delete(run));
  };
  app.addHook('onResponse', (request, _reply, done) => {
    runLeftWork(request);
    done();
  });
  app.addHook('onRequestAbort', (request, done) => {
    runLeftWork(request);
    done();
  });
  app.addHook('onClose', async () => {
    await Promise.all(running);
  });
}
