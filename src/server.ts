// Starts the service: database, migrations, first-start bootstrap, HTTP, and the worker unless told
// not to. SIGTERM/SIGINT finish in-flight requests, stop the worker, then close the database.
import closeWithGrace from 'close-with-grace';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import type { Config } from './config.js';
import { createDatabase } from './db/database.js';
import { createLogger } from './lib/logger.js';
import { STARTUP_LOCK_WAIT_MS, migrateAtStartup } from './db/migrate.js';
import type { Tracing } from './tracing/tracing.js';
import { createWorker } from './worker.js';

export interface StartOptions {
  worker: boolean;
  /** Started by `serve` before this module was loaded, when the configuration turns tracing on. */
  tracing?: Tracing | null;
}

export async function startServer(config: Config, options: StartOptions): Promise<FastifyInstance> {
  const logger = createLogger(config);
  const database = createDatabase({
    databaseUrl: config.databaseUrl,
    sqliteFile: config.sqliteFile,
    poolSize: config.databasePoolSize,
    onConnectionError: (err) => logger.warn({ err }, 'database connection lost; it will be replaced'),
    onUnconfirmedCommit: (report) =>
      logger.warn(
        report,
        'a commit went on before every other process confirmed it; a process that stays silent may serve a stale cache',
      ),
  });
  await migrateAtStartup(database);
  database.checkpointInBackground();
  const tracing = options.tracing ?? null;
  const app = await buildApp({ config, database, ownsDatabase: true, loggerInstance: logger, tracing });

  const bootstrap = await database.withStartupLockWait(STARTUP_LOCK_WAIT_MS, () =>
    app.services.tenants.ensureDefault(config.adminEmail, config.adminPassword),
  );
  if (bootstrap) {
    app.log.info(
      { tenant: bootstrap.created.tenant.id, admin: config.adminEmail },
      'created the Default tenant on an empty database',
    );
    if (bootstrap.generatedPassword) {
      // Shown once, on stdout, so that the operator can sign in; it is stored only as a hash.
      process.stdout.write(
        `\nTenant Default (${bootstrap.created.tenant.id}) created.\n` +
          `Admin user ${config.adminEmail} created with password: ${bootstrap.generatedPassword}\nStore it now: it will not be shown again.\n\n`,
      );
    }
  }

  const worker = options.worker ? createWorker(app.services, app.log, database, config) : null;
  app.addHook('onClose', async () => worker?.stop());

  // A request still in flight at shutdown is answered with `Connection: close`, so that its keep-alive
  // connection does not outlive it and hold the process until the grace delay runs out.
  let shuttingDown = false;
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (shuttingDown) reply.header('connection', 'close');
    done(null, payload);
  });

  // The start line names the runtime, so that a log shows which Node.js served it.
  await app.listen({
    host: config.host,
    port: config.port,
    listenTextResolver: (address) => `Server listening at ${address} on Node.js ${process.version}`,
  });
  worker?.start();

  closeWithGrace({ delay: config.shutdownTimeoutMs }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    shuttingDown = true;
    await app.close();
    // Last, so that the spans of the shutdown's own work are sent too.
    await tracing?.shutdown();
  });
  return app;
}
