// The app's logger as services see it. A line a service writes while a request is being handled goes through
// that request's logger (Fastify's child logger with `reqId`, kept in the request's work context), so it carries
// the request id like the request's own lines; outside a request (the worker, the CLI) it goes through the logger
// the service was given.
import { currentContext, type ServiceLog } from './work-context.js';

export type { ServiceLog } from './work-context.js';

/** Writes nothing: for callers without a logger (benchmarks, one-shot tools). */
export const silentLog: ServiceLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** A logger that writes through the current request's logger when there is one, else through `base`. */
export function serviceLog(base: ServiceLog): ServiceLog {
  const current = () => currentContext()?.log ?? base;
  return {
    info: (details, message) => current().info(details, message),
    warn: (details, message) => current().warn(details, message),
    error: (details, message) => current().error(details, message),
  };
}
