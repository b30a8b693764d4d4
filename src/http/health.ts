// Liveness and readiness probes, without authentication.
import type { FastifyInstance } from 'fastify';
import { ping, type Db } from '../db/database.js';
import { migrationsAreCurrent } from '../db/migrate.js';

export function registerHealth(app: FastifyInstance, db: Db): void {
  app.get('/health', { schema: { hide: true } }, async () => ({ status: 'ok' }));

  app.get('/ready', { schema: { hide: true } }, async (request, reply) => {
    try {
      await ping(db);
      if (!(await migrationsAreCurrent(db))) {
        return reply.code(503).send({ status: 'unavailable', database: 'ok', migrations: 'pending' });
      }
      return { status: 'ready', database: 'ok', migrations: 'current' };
    } catch (error) {
      request.log.warn({ err: error }, 'readiness check failed');
      return reply.code(503).send({ status: 'unavailable', database: 'unreachable' });
    }
  });
}
