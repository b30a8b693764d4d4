// The real server as the benchmark starts it: the compiled CLI (`serve`) with the runtime settings of `npm start`,
// on the bench database, quiet, with the webhook receiver's loopback address allowed and a rate limit the load
// stays below.
import { productionStart, startNodeProcess, type RunningProcess, type ServerBuild } from './processes.js';

export function startAppServer(options: {
  build: ServerBuild;
  name: string;
  port: number;
  args: string[];
  databaseUrl: string | null;
  dataDir: string;
}): Promise<RunningProcess> {
  const production = productionStart();
  return startNodeProcess({
    name: options.name,
    script: options.build.script,
    typescript: options.build.typescript,
    nodeOptions: production.nodeOptions,
    args: options.args,
    port: options.port,
    probePath: '/health',
    env: {
      ...production.env,
      ...appDatabaseEnv(options.databaseUrl),
      HOST: '127.0.0.1',
      PORT: String(options.port),
      DATA_DIR: options.dataDir,
      LOG_LEVEL: 'silent',
      PUBLIC_URL: '',
      // The webhook receiver is a plain-HTTP loopback address, which production settings refuse.
      WEBHOOK_ALLOW_HTTP: 'true',
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
      // One token makes every request: the limiter still counts each one, as in production, but at the
      // highest limit it accepts, which the run stays below.
      RATE_LIMIT_PER_MINUTE: '1000000',
      // The import scenario's file outgrows the default 100 MB past some 500,000 rows (190 MB at 1,000,000).
      IMPORT_MAX_FILE_MB: '2000',
    },
  });
}

/** The database settings of the server and the baseline server: the bench database, a pool of 10. */
export function appDatabaseEnv(databaseUrl: string | null): Record<string, string> {
  return { DATABASE_URL: databaseUrl ?? '', DATABASE_POOL_SIZE: '10' };
}
