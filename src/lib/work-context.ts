// Who the current unit of work is done for, and where it came from: the signed-in user or token of an API
// request with its request id and address, the shell user of a CLI command, or the system (the worker). Carried
// by AsyncLocalStorage, so that a service records its actor in the audit log without every call passing it.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { AuditActorType } from '../db/schema.js';

export interface Actor {
  type: AuditActorType;
  user_id: string | null;
  token_id: string | null;
  /** What the actor is called now: an e-mail, a token's name and owner, the shell user. */
  name: string | null;
}

/** What services log through (see service-log.ts). */
export interface ServiceLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface WorkContext {
  request_id: string | null;
  ip: string | null;
  /** Read when needed: an API request knows its caller only once it has been authenticated. */
  actor(): Actor | null;
  /** The tenant worked for, once known (an API request's after authentication); read by tracing for its spans. */
  tenant_id?(): string | null;
  /** The request's logger (with its id), which services write through while working for it (service-log.ts). */
  log?: ServiceLog;
  /** Queues work to run once the request has been answered (see `afterAnswer`); absent outside a request. */
  afterAnswer?(task: () => Promise<void>): void;
}

export const SYSTEM_ACTOR: Actor = { type: 'system', user_id: null, token_id: null, name: null };

const storage = new AsyncLocalStorage<WorkContext>();

/** Runs `work` (and everything it starts) within `context`. */
export function runInContext<T>(context: WorkContext, work: () => T): T {
  return storage.run(context, work);
}

/** The context of the work now running; undefined outside any (the worker's loops, tests calling services). */
export function currentContext(): WorkContext | undefined {
  return storage.getStore();
}

/**
 * Runs `task` once the current request has been answered, so that the answer neither waits for it nor tells by its
 * timing whether it ran: a failure then is logged, since the answer has gone. Outside a request it runs at once.
 */
export async function afterAnswer(task: () => Promise<void>): Promise<void> {
  const defer = currentContext()?.afterAnswer;
  if (defer) defer(task);
  else await task();
}
