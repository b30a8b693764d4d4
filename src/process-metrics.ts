// What /metrics shows of a process, an API process's and a worker's alike: Node.js's own metrics, the database
// connections, how far the event outbox lags, the webhook queue and attempts, imported rows and the catalog answer
// cache's lookups. Gauges that need the database read it once per scrape, never on a request's path.
import { Counter, Gauge, Registry, collectDefaultMetrics } from 'prom-client';
import type { Database } from './db/database.js';
import type { Services } from './services.js';

/** A counter kept as a plain number by the code that counts (nothing on its path), read at each scrape. */
function countedBy<L extends string>(
  registry: Registry,
  definition: { name: string; help: string; labelNames?: readonly L[] },
  read: () => ReadonlyArray<readonly [Partial<Record<L, string>>, number]>,
): void {
  new Counter<L>({
    ...definition,
    labelNames: definition.labelNames ?? [],
    registers: [registry],
    collect() {
      this.reset();
      for (const [labels, value] of read()) this.inc(labels, value);
    },
  });
}

export function processMetrics(services: Services, database: Pick<Database, 'connections'>): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  services.webhooks.metrics.registerOn(registry);

  const connections = [
    ['database_connections_max', 'Connections this process may hold in its pool (1 on SQLite).', 'size'],
    ['database_connections_in_use', 'Connections lent out now: a statement or a transaction runs on each.', 'inUse'],
    [
      'database_connections_waiting',
      'Callers waiting for a connection: above 0 for long, the pool (DATABASE_POOL_SIZE) is too small or queries too slow.',
      'waiting',
    ],
  ] as const;
  for (const [name, help, field] of connections) {
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(database.connections()[field]);
      },
    });
  }

  new Gauge({
    name: 'event_outbox_lag_seconds',
    help: 'Age of the oldest event committed and not yet published to the feed and the webhooks (0 when none waits).',
    registers: [registry],
    async collect() {
      const oldest = await services.repositories.events.oldestOutboxAt(services.db);
      this.set(oldest === null ? 0 : Math.max(0, (services.clock.now().getTime() - Date.parse(oldest)) / 1000));
    },
  });

  countedBy(
    registry,
    {
      name: 'import_rows_total',
      help: 'CSV rows the import runners of this process have done, in committed batches (dry runs not counted).',
    },
    () => [[{}, services.imports.counts.rows]],
  );

  const answers = services.catalogAnswers;
  countedBy(
    registry,
    {
      name: 'answer_cache_lookups_total',
      help: "Lookups in the catalog's answer cache by result: hit (answered from memory) or miss (read from the database).",
      labelNames: ['cache', 'result'] as const,
    },
    () =>
      answers
        ? [
            [{ cache: 'catalog', result: 'hit' }, answers.lookups.hits],
            [{ cache: 'catalog', result: 'miss' }, answers.lookups.misses],
          ]
        : [],
  );
  return registry;
}
