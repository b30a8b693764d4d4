// Background work: runs inside the server process by default, or alone as `cli worker`. Each task runs
// on its own interval; a failing run is logged and tried again at the next tick.
import type { FastifyBaseLogger } from 'fastify';
import { ScheduledBackups } from './backup/scheduled-backups.js';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import { eventListener } from './modules/events/event-signal.js';
import { systemClock } from './lib/clock.js';
import type { Services } from './services.js';
import { runInContext, SYSTEM_ACTOR, type WorkContext } from './lib/work-context.js';

const SYSTEM_CONTEXT: WorkContext = { request_id: null, ip: null, actor: () => SYSTEM_ACTOR };

export interface WorkerTask {
  name: string;
  intervalMs: number;
  run(): Promise<unknown>;
}

/** A long-running loop (the webhook dispatcher) that the worker starts and stops with its tasks. */
export interface WorkerLoop {
  start(): void;
  stop(): Promise<void>;
}

/** What the worker's tasks read of the configuration: the scheduled backups' settings and what they copy. */
export type WorkerConfig = Pick<Config, 'backups' | 'databaseUrl' | 'sqliteFile' | 'documentStorage'>;

export function workerTasks(services: Services, config?: WorkerConfig): WorkerTask[] {
  const tasks: WorkerTask[] = [
    { name: 'retention', intervalMs: 60 * 60 * 1000, run: () => services.retention.purge() },
  ];
  if (config?.backups) {
    const backups = new ScheduledBackups(config, config.backups, systemClock);
    tasks.push({ name: 'backup', intervalMs: backups.intervalMs, run: () => backups.run() });
  }
  return tasks;
}

/**
 * The worker of a process: retention on its interval, scheduled backups when BACKUP_DIR is set, the webhook publisher and delivery loop, woken by this
 * process's commits and, given the database, by other processes' (LISTEN on PostgreSQL), and the import runner.
 */
export function createWorker(
  services: Services,
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>,
  database?: Pick<Database, 'listen'>,
  config?: WorkerConfig,
): Worker {
  const loops: WorkerLoop[] = [services.webhooks.createDispatcher(log), services.imports.createRunner(log)];
  if (database) loops.push(eventListener(database, services.eventSignal, log));
  return new Worker(workerTasks(services, config), log, loops);
}

export class Worker {
  private timers: NodeJS.Timeout[] = [];
  private running = new Set<Promise<unknown>>();

  constructor(
    private readonly tasks: WorkerTask[],
    private readonly log: Pick<FastifyBaseLogger, 'info' | 'error'>,
    private readonly loops: readonly WorkerLoop[] = [],
  ) {}

  start(): void {
    // What the loops and tasks change is the system's doing, also when a CLI command or a request started them.
    runInContext(SYSTEM_CONTEXT, () => this.startInContext());
  }

  private startInContext(): void {
    for (const loop of this.loops) loop.start();
    for (const task of this.tasks) {
      const tick = () => {
        const run = task
          .run()
          .then((result) => this.log.info({ task: task.name, result }, 'worker task done'))
          .catch((err: unknown) => this.log.error({ err, task: task.name }, 'worker task failed'))
          .finally(() => this.running.delete(run));
        this.running.add(run);
      };
      tick();
      this.timers.push(setInterval(tick, task.intervalMs));
    }
  }

  /** Stops scheduling and waits for runs in progress to finish. */
  async stop(): Promise<void> {
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    await Promise.allSettled([...this.running, ...this.loops.map((loop) => loop.stop())]);
  }
}
