// The app's logger as services see it. A line a service writes while a request is being handled goes through
// that request's logger (Fastify's child logger with `reqId`), so it carries the request id like the request's
// own lines; outside a request (the worker, the CLI) it goes through the logger the service was given.
import { AsyncLocalStorage } from 'node:async_hooks';

export interface ServiceLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

const requestLogs = new AsyncLocalStorage<ServiceLog>();

/** Runs `work` (and everything it awaits) with `log` as the current request's logger. */
export function withRequestLog<T>(log: ServiceLog, work: () => T): T {
  return requestLogs.run(log, work);
}

/** Writes nothing: for callers without a logger (benchmarks, one-shot tools). */
export const silentLog: ServiceLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** A logger that writes through the current request's logger when there is one, else through `base`. */
export function serviceLog(base: ServiceLog): ServiceLog {
  const current = () => requestLogs.getStore() ?? base;
  return {
    info: (details, message) => current().info(details, message),
    warn: (details, message) => current().warn(details, message),
    error: (details, message) => current().error(details, message),
  };
}
